package io.updraft.sql.types;

/** Spark's ByteType. Use {@link DataTypes#ByteType}. */
public record ByteType() implements DataType {
    @Override
    public String simpleString() {
        return "tinyint";
    }

    @Override
    public String typeName() {
        return "byte";
    }

    @Override
    public String toString() {
        return "ByteType";
    }
}
