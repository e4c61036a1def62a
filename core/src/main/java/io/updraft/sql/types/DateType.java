package io.updraft.sql.types;

/** Spark's DateType. Use {@link DataTypes#DateType}. */
public record DateType() implements DataType {
    @Override
    public String simpleString() {
        return "date";
    }

    @Override
    public String typeName() {
        return "date";
    }

    @Override
    public String toString() {
        return "DateType";
    }
}
