package io.updraft.sql.types;

/** Spark's BooleanType. Use {@link DataTypes#BooleanType}. */
public record BooleanType() implements DataType {
    @Override
    public String simpleString() {
        return "boolean";
    }

    @Override
    public String typeName() {
        return "boolean";
    }

    @Override
    public String toString() {
        return "BooleanType";
    }
}
