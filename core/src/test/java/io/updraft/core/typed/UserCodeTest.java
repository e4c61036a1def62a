package io.updraft.core.typed;

import io.updraft.api.java.function.MapFunction;
import io.updraft.core.error.UpdraftException;
import org.example.gadget.Gadget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UserCodeTest {
    /** A payload written by someone else: plain Java serialization, not through UserCode. */
    private static String foreignPayload(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    @Test
    void aLambdaSerializedHereIsReadBack() throws Exception {
        int offset = 3;
        MapFunction<Integer, Integer> f = x -> x + offset;
        @SuppressWarnings("unchecked")
        MapFunction<Integer, Integer> back = UserCode.deserialize(UserCode.serialize(f), MapFunction.class);
        assertThat(back.call(4)).isEqualTo(7);
    }

    @Test
    void aClassOutsideTheAllowListIsRefusedAndNeverInstantiated() throws Exception {
        String payload = foreignPayload(new Gadget());
        Gadget.INSTANTIATED.set(false);
        assertThatThrownBy(() -> UserCode.deserialize(payload, Object.class))
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("class " + Gadget.class.getName() + " is not allowed")
                .satisfies(e -> assertThat(((UpdraftException) e).errorClass()).isEqualTo("USER_CODE_CLASS_REFUSED"));
        assertThat(Gadget.INSTANTIATED).isFalse();
    }

    @Test
    void aWrappedGadgetIsRefusedToo() throws Exception {
        String payload = foreignPayload(new java.util.ArrayList<>(java.util.List.of(1, new Gadget())));
        Gadget.INSTANTIATED.set(false);
        assertThatThrownBy(() -> UserCode.deserialize(payload, Object.class))
                .hasMessageContaining("class " + Gadget.class.getName() + " is not allowed");
        assertThat(Gadget.INSTANTIATED).isFalse();
    }

    @Test
    void theAllowListHasTheJdkValuesAndUpdraftButNotArbitraryJdkClasses() {
        JobClasses allowed = JobClasses.current();
        assertThat(allowed.allows(Integer.class)).isTrue();
        assertThat(allowed.allows(java.util.ArrayList.class)).isTrue();
        assertThat(allowed.allows(long[].class)).isTrue();
        assertThat(allowed.allows(ObjectsFunction.class)).isTrue();
        assertThat(allowed.allows(java.util.PriorityQueue.class)).isFalse();
        assertThat(allowed.allows(javax.management.BadAttributeValueExpException.class)).isFalse();
    }
}
