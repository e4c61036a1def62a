package io.updraft.sql.types;

/** Spark's FloatType. Use {@link DataTypes#FloatType}. */
public record FloatType() implements DataType {
    @Override
    public String simpleString() {
        return "float";
    }

    @Override
    public String typeName() {
        return "float";
    }

    @Override
    public String toString() {
        return "FloatType";
    }
}
