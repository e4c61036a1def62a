package io.updraft.sql;

/**
 * A pair, as Scala's {@code Tuple2}: what {@code Dataset.dtypes()} returns per column, {@code joinWith}'s rows and
 * {@link Encoders#tuple} of two encoders.
 */
public record Tuple2<T1, T2>(T1 _1, T2 _2) implements java.io.Serializable {
    /** Scala's form: {@code (a,b)}. */
    @Override
    public String toString() {
        return "(" + _1 + "," + _2 + ")";
    }
}
