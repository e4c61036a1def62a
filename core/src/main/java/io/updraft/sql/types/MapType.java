package io.updraft.sql.types;

import java.util.Objects;

/**
 * Spark's {@code MapType}: keys of {@code keyType} (never null), values of {@code valueType};
 * {@code valueContainsNull} says whether a value may be null. {@link #simpleString()} is {@code map<string,int>},
 * {@link #typeName()} is {@code map}.
 */
public record MapType(DataType keyType, DataType valueType, boolean valueContainsNull) implements DataType {
    public MapType {
        Objects.requireNonNull(keyType, "keyType is null");
        Objects.requireNonNull(valueType, "valueType is null");
    }

    @Override
    public String simpleString() {
        return "map<" + keyType.simpleString() + "," + valueType.simpleString() + ">";
    }

    @Override
    public String jsonString() {
        return "map<" + keyType.jsonString() + "," + valueType.jsonString() + (valueContainsNull ? "" : " not null")
                + ">";
    }

    @Override
    public String typeName() {
        return "map";
    }

    @Override
    public String toString() {
        return "MapType(" + keyType + "," + valueType + "," + valueContainsNull + ")";
    }
}
