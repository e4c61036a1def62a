package io.updraft.sql.types;

import java.util.Objects;

/**
 * Spark's {@code ArrayType}: elements of {@code elementType}; {@code containsNull} says whether an element
 * may be null. {@link #simpleString()} is {@code array<int>}, {@link #typeName()} is {@code array}.
 */
public record ArrayType(DataType elementType, boolean containsNull) implements DataType {
    public ArrayType {
        Objects.requireNonNull(elementType, "elementType is null");
    }

    @Override
    public String simpleString() {
        return "array<" + elementType.simpleString() + ">";
    }

    @Override
    public String jsonString() {
        return "array<" + elementType.jsonString() + (containsNull ? "" : " not null") + ">";
    }

    @Override
    public String typeName() {
        return "array";
    }

    @Override
    public String toString() {
        return "ArrayType(" + elementType + "," + containsNull + ")";
    }
}
