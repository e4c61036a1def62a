package io.updraft.sql.types;

/** Spark's TimestampType. Use {@link DataTypes#TimestampType}. */
public record TimestampType() implements DataType {
    @Override
    public String simpleString() {
        return "timestamp";
    }

    @Override
    public String typeName() {
        return "timestamp";
    }

    @Override
    public String toString() {
        return "TimestampType";
    }
}
