package io.updraft.sql;

import java.io.Serial;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A value or none, as Scala's {@code Option} seen from Java — what {@code SparkSession.getActiveSession()} and
 * {@code StructType.getFieldIndex} return — so a Spark job's {@code import scala.Option} becomes
 * {@code import io.updraft.sql.Option} and nothing else changes. Prints as Scala: {@code Some(x)}, {@code None}.
 * There is no {@code Some(null)}: {@link #apply} of null is {@code None}, as Scala's {@code Option(null)}.
 * Immutable.
 */
public final class Option<T> implements java.io.Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final Option<?> NONE = new Option<>(null);

    private final T value;

    private Option(T value) {
        this.value = value;
    }

    /** {@code Some(value)}, or {@code None} when {@code value} is null (Scala's {@code Option(value)}). */
    public static <T> Option<T> apply(T value) {
        return value == null ? empty() : new Option<>(value);
    }

    /** {@code None}. */
    @SuppressWarnings("unchecked")
    public static <T> Option<T> empty() {
        return (Option<T>) NONE;
    }

    /** Scala's {@code Option} of a Java {@code Optional}. */
    public static <T> Option<T> fromJava(Optional<T> optional) {
        return apply(optional.orElse(null));
    }

    public boolean isDefined() {
        return value != null;
    }

    public boolean isEmpty() {
        return value == null;
    }

    public boolean nonEmpty() {
        return value != null;
    }

    /** The value; NoSuchElementException "None.get" on {@code None}, as Scala. */
    public T get() {
        if (value == null) {
            throw new NoSuchElementException("None.get");
        }
        return value;
    }

    /** The value, else {@code defaultValue}. {@code getOrElse(null)} does not compile (two overloads): use {@link #orNull()}. */
    public T getOrElse(T defaultValue) {
        return value != null ? value : defaultValue;
    }

    /** The value, else what {@code defaultValue} supplies — Scala's {@code getOrElse(() -> v)} from Java. */
    public T getOrElse(Supplier<? extends T> defaultValue) {
        return value != null ? value : defaultValue.get();
    }

    /** The value, else null. */
    public T orNull() {
        return value;
    }

    /** As a Java {@code Optional}. */
    public Optional<T> toJava() {
        return Optional.ofNullable(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Option<?> other && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return value == null ? 0 : 31 + value.hashCode();
    }

    /** Scala's form: {@code Some(x)} or {@code None}. */
    @Override
    public String toString() {
        return value == null ? "None" : "Some(" + value + ")";
    }

    @Serial
    private Object readResolve() {
        return value == null ? NONE : this;
    }
}
