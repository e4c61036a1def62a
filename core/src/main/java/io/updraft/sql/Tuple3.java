package io.updraft.sql;

/** A 3-tuple, as Scala's {@code Tuple3} (what {@link Encoders#tuple} of 3 encoders gives). */
public record Tuple3<T1, T2, T3>(T1 _1, T2 _2, T3 _3) implements java.io.Serializable {
    /** Scala's form: {@code (a,b,...)}. */
    @Override
    public String toString() {
        return "(" + _1 + "," + _2 + "," + _3 + ")";
    }
}
