package io.updraft.sql;

/** A 4-tuple, as Scala's {@code Tuple4} (what {@link Encoders#tuple} of 4 encoders gives). */
public record Tuple4<T1, T2, T3, T4>(T1 _1, T2 _2, T3 _3, T4 _4) implements java.io.Serializable {
    /** Scala's form: {@code (a,b,...)}. */
    @Override
    public String toString() {
        return "(" + _1 + "," + _2 + "," + _3 + "," + _4 + ")";
    }
}
