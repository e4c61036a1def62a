package io.updraft.sql.types;

/** Spark's LongType. Use {@link DataTypes#LongType}. */
public record LongType() implements DataType {
    @Override
    public String simpleString() {
        return "bigint";
    }

    @Override
    public String typeName() {
        return "long";
    }

    @Override
    public String toString() {
        return "LongType";
    }
}
