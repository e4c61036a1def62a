package io.updraft.sql.types;

/** Spark's StringType. Use {@link DataTypes#StringType}. */
public record StringType() implements DataType {
    @Override
    public String simpleString() {
        return "string";
    }

    @Override
    public String typeName() {
        return "string";
    }

    @Override
    public String toString() {
        return "StringType";
    }
}
