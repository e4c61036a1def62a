package io.updraft.sql.types;

/** Spark's ShortType. Use {@link DataTypes#ShortType}. */
public record ShortType() implements DataType {
    @Override
    public String simpleString() {
        return "smallint";
    }

    @Override
    public String typeName() {
        return "short";
    }

    @Override
    public String toString() {
        return "ShortType";
    }
}
