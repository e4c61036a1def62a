package io.updraft.sql.types;

/** Spark's DoubleType. Use {@link DataTypes#DoubleType}. */
public record DoubleType() implements DataType {
    @Override
    public String simpleString() {
        return "double";
    }

    @Override
    public String typeName() {
        return "double";
    }

    @Override
    public String toString() {
        return "DoubleType";
    }
}
