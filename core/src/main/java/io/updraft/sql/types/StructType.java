package io.updraft.sql.types;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An ordered list of fields: the schema of a Dataset or of a batch, and Spark's struct column type
 * ({@code struct<a:int,b:string>}, typeName "struct"). Immutable. In JSON it is its {@link #jsonString()},
 * as every data type.
 */
public record StructType(List<StructField> fieldList) implements DataType {
    public StructType(List<StructField> fieldList) {
        this.fieldList = List.copyOf(Objects.requireNonNull(fieldList, "fields is null"));
    }

    /** Reads {@link #jsonString()} (or any struct type name {@link DataType#parse} reads). */
    @JsonCreator
    public static StructType fromJson(String text) {
        if (DataType.parse(text) instanceof StructType s) {
            return s;
        }
        throw new IllegalArgumentException("not a struct type: " + text);
    }

    public StructType() {
        this(List.of());
    }

    /**
     * The field with exactly this name (case-sensitive, as Spark's); Spark's {@code [FIELD_NOT_FOUND]}
     * IllegalArgumentException naming the fields when absent. Updraft's own lookups that follow the analyzer's
     * case-insensitive resolution use {@link #indexOf}.
     */
    public StructField apply(String name) {
        return fieldList.get(fieldIndex(name));
    }

    public StructField apply(int i) {
        return fieldList.get(i);
    }

    public StructType add(StructField field) {
        List<StructField> copy = new ArrayList<>(fieldList);
        copy.add(field);
        return new StructType(copy);
    }

    /** Spark's {@code add(name, "ddl type")}: the type parsed as {@link DataType#parse}. */
    public StructType add(String name, String type) {
        return add(name, type, true);
    }

    /** Spark's {@code add(name, "ddl type", nullable)}. */
    public StructType add(String name, String type, boolean nullable) {
        return add(name, DataType.parse(type), nullable);
    }

    public int length() {
        return fieldList.size();
    }

    /**
     * The index of the field with exactly this name (case-sensitive, as Spark's); when absent Spark 4.2's
     * {@code [FIELD_NOT_FOUND] No such struct field `x` in `a`, `b`.} as an IllegalArgumentException.
     */
    public int fieldIndex(String name) {
        for (int i = 0; i < fieldList.size(); i++) {
            if (fieldList.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(io.updraft.core.error.UpdraftException.compose("FIELD_NOT_FOUND", "42704",
                "No such struct field " + quoted(name) + " in " + String.join(", ",
                        fieldList.stream().map(f -> quoted(f.name())).toList()) + "."));
    }

    /** Spark's {@code toSQLId} of one name part: back-quoted, inner back quotes doubled. */
    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** Parses a DDL schema string such as {@code "a INT, b STRING"}, as Spark's {@code StructType.fromDDL}. */
    public static StructType fromDDL(String ddl) {
        return DdlParser.schema(java.util.Objects.requireNonNull(ddl, "ddl is null"));
    }

    public static StructType of(StructField... fields) {
        return new StructType(List.of(fields));
    }

    public StructType add(String name, DataType type) {
        return add(name, type, true);
    }

    public StructType add(String name, DataType type, boolean nullable) {
        List<StructField> copy = new ArrayList<>(fieldList);
        copy.add(new StructField(name, type, nullable));
        return new StructType(copy);
    }

    public int size() {
        return fieldList.size();
    }

    public StructField get(int i) {
        return fieldList.get(i);
    }

    /** The fields, as Spark's {@code fields()} (an array; Updraft's own code reads {@link #fieldList()}). */
    public StructField[] fields() {
        return fieldList.toArray(StructField[]::new);
    }

    public String[] fieldNames() {
        return fieldList.stream().map(StructField::name).toArray(String[]::new);
    }

    /** {@link #fieldNames()}, Spark's other name for it. */
    public String[] names() {
        return fieldNames();
    }

    /** No fields. */
    public boolean isEmpty() {
        return fieldList.isEmpty();
    }

    /**
     * The index of the field with exactly this name, as Spark's {@code getFieldIndex} (case-sensitive, as
     * {@link #fieldIndex}), else {@code None}. Typed as Java sees Spark's ({@code scala.Option<Object>}: Scala's
     * {@code Option[Int]}), so {@code Option<Object> i = schema.getFieldIndex("a")} migrates; the value is an Integer.
     */
    public io.updraft.sql.Option<Object> getFieldIndex(String name) {
        for (int i = 0; i < fieldList.size(); i++) {
            if (fieldList.get(i).name().equals(name)) {
                return io.updraft.sql.Option.apply(i);
            }
        }
        return io.updraft.sql.Option.empty();
    }

    /**
     * Internal: the index of the field with this name ignoring case (how the analyzer resolves names, Spark's
     * default {@code spark.sql.caseSensitive=false}), or -1. Spark's public lookups ({@link #fieldIndex},
     * {@link #apply(String)}) are case-sensitive.
     */
    public int indexOf(String name) {
        for (int i = 0; i < fieldList.size(); i++) {
            if (fieldList.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Spark's {@code printSchema()} text: "root" then " |-- name: type (nullable = true)" lines, nested too. */
    public String treeString() {
        StringBuilder sb = new StringBuilder("root\n");
        appendFields(sb, this, " |");
        return sb.toString();
    }

    /** Prints {@link #treeString()} on stdout, as Spark's {@code printTreeString()} (and {@code printSchema()}). */
    public void printTreeString() {
        System.out.println(treeString());
    }

    private static void appendFields(StringBuilder sb, StructType struct, String prefix) {
        for (StructField f : struct.fieldList) {
            sb.append(prefix).append("-- ").append(f.name()).append(": ").append(f.dataType().typeName())
                    .append(" (nullable = ").append(f.nullable()).append(")\n");
            appendNested(sb, f.dataType(), prefix + "    |");
        }
    }

    /** Spark's nested lines of an array's element, a map's key and value, a struct's fields, per level. */
    private static void appendNested(StringBuilder sb, DataType type, String prefix) {
        switch (type) {
            case ArrayType a -> {
                sb.append(prefix).append("-- element: ").append(a.elementType().typeName())
                        .append(" (containsNull = ").append(a.containsNull()).append(")\n");
                appendNested(sb, a.elementType(), prefix + "    |");
            }
            case MapType m -> {
                sb.append(prefix).append("-- key: ").append(m.keyType().typeName()).append('\n');
                appendNested(sb, m.keyType(), prefix + "    |");
                sb.append(prefix).append("-- value: ").append(m.valueType().typeName())
                        .append(" (valueContainsNull = ").append(m.valueContainsNull()).append(")\n");
                appendNested(sb, m.valueType(), prefix + "    |");
            }
            case StructType s -> appendFields(sb, s, prefix);
            default -> {
            }
        }
    }

    @Override
    public String simpleString() {
        StringBuilder sb = new StringBuilder("struct<");
        for (int i = 0; i < fieldList.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(fieldList.get(i).name()).append(':').append(fieldList.get(i).dataType().simpleString());
        }
        return sb.append('>').toString();
    }

    @Override
    public String jsonString() {
        StringBuilder sb = new StringBuilder("struct<");
        for (int i = 0; i < fieldList.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            StructField f = fieldList.get(i);
            sb.append(DataTypeParser.quote(f.name())).append(':').append(f.dataType().jsonString());
            if (!f.nullable()) {
                sb.append(" not null");
            }
        }
        return sb.append('>').toString();
    }

    @Override
    public String typeName() {
        return "struct";
    }

    /** Spark's form: {@code StructType(StructField(a,IntegerType,true),...)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("StructType(");
        for (int i = 0; i < fieldList.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(fieldList.get(i));
        }
        return sb.append(')').toString();
    }
}
