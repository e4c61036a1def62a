package io.updraft.sql;

/** A 6-tuple, as Scala's {@code Tuple6} (what {@code KeyValueGroupedDataset.agg} of 5 columns gives). */
public record Tuple6<T1, T2, T3, T4, T5, T6>(T1 _1, T2 _2, T3 _3, T4 _4, T5 _5, T6 _6) implements java.io.Serializable {
    /** Scala's form: {@code (a,b,...)}. */
    @Override
    public String toString() {
        return "(" + _1 + "," + _2 + "," + _3 + "," + _4 + "," + _5 + "," + _6 + ")";
    }
}
