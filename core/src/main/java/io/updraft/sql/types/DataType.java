package io.updraft.sql.types;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A SQL data type, as in Spark. Immutable; instances are compared by value.
 * {@link #simpleString()} is the SQL name ("int", "decimal(15,2)"), {@link #typeName()} the name
 * {@code printSchema} shows ("integer"), {@link #toString()} the name {@code dtypes} shows ("IntegerType").
 */
public sealed interface DataType permits BooleanType, IntegerType, LongType, DoubleType, DecimalType,
        StringType, DateType, TimestampType, NullType {

    /** SQL spelling: boolean, int, bigint, double, decimal(p,s), string, date, timestamp, void. */
    @JsonValue
    String simpleString();

    /** Spelling used by printSchema: boolean, integer, long, double, decimal(p,s), string, date, timestamp. */
    String typeName();

    default boolean isNumeric() {
        return this instanceof IntegerType || this instanceof LongType || this instanceof DoubleType
                || this instanceof DecimalType;
    }

    default boolean isIntegral() {
        return this instanceof IntegerType || this instanceof LongType;
    }

    /** Parses a SQL type name (case-insensitive): int/integer, bigint/long, double, decimal(p,s), string, ... */
    @JsonCreator
    static DataType parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
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
                + "'; supported: boolean, int, bigint, double, decimal(p,s), string, date, timestamp");
    }
}
