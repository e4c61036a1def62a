package io.updraft.sql.types;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** An ordered list of fields: the schema of a Dataset or of a batch. Immutable. */
public record StructType(List<StructField> fields) {
    @JsonCreator
    public StructType(@JsonProperty("fields") List<StructField> fields) {
        this.fields = List.copyOf(Objects.requireNonNull(fields, "fields is null"));
    }

    public static StructType of(StructField... fields) {
        return new StructType(List.of(fields));
    }

    public StructType add(String name, DataType type) {
        return add(name, type, true);
    }

    public StructType add(String name, DataType type, boolean nullable) {
        List<StructField> copy = new ArrayList<>(fields);
        copy.add(new StructField(name, type, nullable));
        return new StructType(copy);
    }

    public int size() {
        return fields.size();
    }

    public StructField get(int i) {
        return fields.get(i);
    }

    public String[] fieldNames() {
        return fields.stream().map(StructField::name).toArray(String[]::new);
    }

    /** Index of the field with this name (case-insensitive, as Spark by default), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Spark's {@code printSchema()} text: "root" then " |-- name: type (nullable = true)" lines. */
    public String treeString() {
        StringBuilder sb = new StringBuilder("root\n");
        for (StructField f : fields) {
            sb.append(" |-- ").append(f.name()).append(": ").append(f.dataType().typeName())
                    .append(" (nullable = ").append(f.nullable()).append(")\n");
            appendElements(sb, f.dataType(), " |    ");
        }
        return sb.toString();
    }

    /** Spark's nested lines for an array: "|-- element: type (containsNull = b)", indented per level. */
    private static void appendElements(StringBuilder sb, DataType type, String prefix) {
        if (type instanceof ArrayType a) {
            sb.append(prefix).append("|-- element: ").append(a.elementType().typeName())
                    .append(" (containsNull = ").append(a.containsNull()).append(")\n");
            appendElements(sb, a.elementType(), prefix + "|    ");
        }
    }

    public String simpleString() {
        StringBuilder sb = new StringBuilder("struct<");
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(fields.get(i).name()).append(':').append(fields.get(i).dataType().simpleString());
        }
        return sb.append('>').toString();
    }
}
