package io.updraft.sql.types;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A SQL data type, as in Spark. Immutable; instances are compared by value.
 * {@link #simpleString()} is the SQL name ("int", "decimal(15,2)"), {@link #typeName()} the name
 * {@code printSchema} shows ("integer"), {@link #toString()} the name {@code dtypes} shows ("IntegerType").
 */
public sealed interface DataType permits BooleanType, IntegerType, LongType, DoubleType, DecimalType,
        StringType, DateType, TimestampType, NullType, ArrayType {

    /** SQL spelling: boolean, int, bigint, double, decimal(p,s), string, date, timestamp, void, {@code array<T>}. */
    String simpleString();

    /**
     * The JSON (TaskSpec) spelling, read back by {@link #parse}: {@link #simpleString()}, except that an
     * array whose elements are never null is written {@code array<T not null>}.
     */
    @JsonValue
    default String jsonString() {
        return simpleString();
    }

    /** Spelling used by printSchema: boolean, integer, long, double, decimal(p,s), string, date, timestamp. */
    String typeName();

    default boolean isNumeric() {
        return this instanceof IntegerType || this instanceof LongType || this instanceof DoubleType
                || this instanceof DecimalType;
    }

    default boolean isIntegral() {
        return this instanceof IntegerType || this instanceof LongType;
    }

    /**
     * Parses a SQL type name (case-insensitive): int/integer, bigint/long, double, decimal(p,s), string, ...,
     * {@code array<T>} (elements may be null) and {@code array<T not null>}.
     */
    @JsonCreator
    static DataType parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.startsWith("array<") && t.endsWith(">")) {
            String inner = t.substring(6, t.length() - 1).trim();
            boolean containsNull = true;
            if (inner.endsWith(" not null")) {
                inner = inner.substring(0, inner.length() - " not null".length());
                containsNull = false;
            }
            return new ArrayType(parse(inner), containsNull);
        }
        switch (t) {
            case "boolean": return DataTypes.BooleanType;
            case "int": case "integer": return DataTypes.IntegerType;
            case "bigint": case "long": return DataTypes.LongType;
            case "double": return DataTypes.DoubleType;
            case "string": case "varchar": return DataTypes.StringType;
            case "date": return DataTypes.DateType;
            case "timestamp": return DataTypes.TimestampType;
            case "void": case "null": return DataTypes.NullType;
            case "decimal": return DecimalType.SYSTEM_DEFAULT_USER;
            default:
        }
        if (t.startsWith("decimal(") && t.endsWith(")")) {
            String[] ps = t.substring(8, t.length() - 1).split(",");
            int precision = Integer.parseInt(ps[0].trim());
            int scale = ps.length > 1 ? Integer.parseInt(ps[1].trim()) : 0;
            return new DecimalType(precision, scale);
        }
        throw new IllegalArgumentException("Unsupported data type '" + text
                + "'; supported: boolean, int, bigint, double, decimal(p,s), string, date, timestamp, array<T>");
    }
}
