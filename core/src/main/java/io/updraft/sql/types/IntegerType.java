package io.updraft.sql.types;

/** Spark's IntegerType. Use {@link DataTypes#IntegerType}. */
public record IntegerType() implements DataType {
    @Override
    public String simpleString() {
        return "int";
    }

    @Override
    public String typeName() {
        return "integer";
    }

    @Override
    public String toString() {
        return "IntegerType";
    }
}
