package io.updraft.sql;

/** A 5-tuple, as Scala's {@code Tuple5} (what {@link Encoders#tuple} of 5 encoders gives). */
public record Tuple5<T1, T2, T3, T4, T5>(T1 _1, T2 _2, T3 _3, T4 _4, T5 _5) implements java.io.Serializable {
    /** Scala's form: {@code (a,b,...)}. */
    @Override
    public String toString() {
        return "(" + _1 + "," + _2 + "," + _3 + "," + _4 + "," + _5 + ")";
    }
}
