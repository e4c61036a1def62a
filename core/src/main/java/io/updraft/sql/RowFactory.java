package io.updraft.sql;

/** Spark's {@code RowFactory}: a {@link Row} of values, for {@code createDataFrame(List<Row>, StructType)}. */
public final class RowFactory {
    private RowFactory() {
    }

    public static Row create(Object... values) {
        return Row.of(values);
    }
}
