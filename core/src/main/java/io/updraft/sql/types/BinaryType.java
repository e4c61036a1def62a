package io.updraft.sql.types;

/** Spark's BinaryType. Use {@link DataTypes#BinaryType}. */
public record BinaryType() implements DataType {
    @Override
    public String simpleString() {
        return "binary";
    }

    @Override
    public String typeName() {
        return "binary";
    }

    @Override
    public String toString() {
        return "BinaryType";
    }
}
