package io.updraft.sql;

/** A pair, as Scala's {@code Tuple2}: what {@link Dataset#dtypes()} returns per column. */
public record Tuple2<T1, T2>(T1 _1, T2 _2) {
    /** Scala's form: {@code (a,b)}. */
    @Override
    public String toString() {
        return "(" + _1 + "," + _2 + ")";
    }
}
