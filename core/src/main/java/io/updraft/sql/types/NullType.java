package io.updraft.sql.types;

/** Spark's NullType. Use {@link DataTypes#NullType}. */
public record NullType() implements DataType {
    @Override
    public String simpleString() {
        return "void";
    }

    @Override
    public String typeName() {
        return "void";
    }

    @Override
    public String toString() {
        return "NullType";
    }
}
