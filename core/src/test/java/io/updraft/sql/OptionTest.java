package io.updraft.sql;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.NoSuchElementException;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Option}: the methods a Java caller of Scala's {@code Option} uses, with Scala's results. */
class OptionTest {

    @Test
    void someHoldsItsValue() {
        Option<String> some = Option.apply("x");
        assertThat(some.isDefined()).isTrue();
        assertThat(some.nonEmpty()).isTrue();
        assertThat(some.isEmpty()).isFalse();
        assertThat(some.get()).isEqualTo("x");
        assertThat(some.getOrElse("y")).isEqualTo("x");
        assertThat(some.getOrElse(() -> "y")).isEqualTo("x");
        assertThat(some.orNull()).isEqualTo("x");
        assertThat(some.toJava()).contains("x");
        assertThat(some).hasToString("Some(x)");
    }

    @Test
    void noneIsEmptyAndGetFailsAsScala() {
        Option<Integer> none = Option.empty();
        assertThat(none.isDefined()).isFalse();
        assertThat(none.nonEmpty()).isFalse();
        assertThat(none.isEmpty()).isTrue();
        assertThat(none.getOrElse(7)).isEqualTo(7);
        assertThat(none.getOrElse(() -> 8)).isEqualTo(8);
        assertThat(none.orNull()).isNull();
        assertThat(none.toJava()).isEmpty();
        assertThat(none).hasToString("None");
        assertThatThrownBy(none::get).isInstanceOf(NoSuchElementException.class).hasMessage("None.get");
    }

    @Test
    void applyOfNullIsNoneAndEqualityIsByValue() {
        assertThat(Option.apply(null)).isSameAs(Option.empty());
        assertThat(Option.fromJava(Optional.empty())).isSameAs(Option.empty());
        assertThat(Option.fromJava(Optional.of(1))).isEqualTo(Option.apply(1));
        assertThat(Option.apply(3)).isEqualTo(Option.apply(3)).hasSameHashCodeAs(Option.apply(3))
                .isNotEqualTo(Option.apply(4)).isNotEqualTo(Option.empty());
        assertThat(Option.apply(java.util.List.of(1, 2))).hasToString("Some([1, 2])");
    }

    @Test
    void serializedNoneReadsBackAsTheOneNone() throws Exception {
        assertThat(roundTrip(Option.empty())).isSameAs(Option.empty());
        assertThat(roundTrip(Option.apply("a"))).isEqualTo(Option.apply("a"));
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
