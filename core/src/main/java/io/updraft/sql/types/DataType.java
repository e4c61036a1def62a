package io.updraft.sql.types;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A SQL data type, as in Spark. Immutable; instances are compared by value.
 * {@link #simpleString()} is the SQL name ("int", "decimal(15,2)"), {@link #typeName()} the name
 * {@code printSchema} shows ("integer"), {@link #toString()} the name {@code dtypes} shows ("IntegerType").
 */
public sealed interface DataType extends java.io.Serializable permits BooleanType, ByteType, ShortType, IntegerType,
        LongType,
        FloatType, DoubleType, DecimalType, StringType, BinaryType, DateType, TimestampType, NullType, ArrayType,
        MapType, StructType {

    /**
     * SQL spelling: boolean, tinyint, smallint, int, bigint, float, double, decimal(p,s), string, binary, date,
     * timestamp, void, {@code array<T>}, {@code map<K,V>}, {@code struct<name:T,...>}.
     */
    String simpleString();

    /**
     * The JSON (TaskSpec) spelling, read back by {@link #parse}: {@link #simpleString()}, except that an
     * array whose elements are never null is written {@code array<T not null>}, a map whose values are never
     * null {@code map<K,V not null>}, and a struct's field names are in backticks, a non-nullable field's type
     * followed by {@code not null}.
     */
    @JsonValue
    default String jsonString() {
        return simpleString();
    }

    /**
     * Spelling used by printSchema: boolean, byte, short, integer, long, float, double, decimal(p,s), string,
     * binary, date, timestamp, array, map, struct.
     */
    String typeName();

    default boolean isNumeric() {
        return isIntegral() || this instanceof FloatType || this instanceof DoubleType
                || this instanceof DecimalType;
    }

    /** tinyint, smallint, int, bigint. */
    default boolean isIntegral() {
        return this instanceof ByteType || this instanceof ShortType || this instanceof IntegerType
                || this instanceof LongType;
    }

    /**
     * Whether this is a map or holds one at any depth (array elements, map values, struct fields): the types whose
     * grouping keys are map-sorted (Spark 4.2's InsertMapSortInGroupingExpressions).
     */
    default boolean containsMap() {
        return switch (this) {
            case MapType m -> true;
            case ArrayType a -> a.elementType().containsMap();
            case StructType s -> s.fieldList().stream().anyMatch(f -> f.dataType().containsMap());
            default -> false;
        };
    }

    /**
     * Parses a SQL type name (case-insensitive): boolean, tinyint/byte, smallint/short, int/integer, bigint/long,
     * float, double, decimal(p,s), string, binary, date, timestamp, void, {@code array<T>}, {@code map<K,V>},
     * {@code struct<name:T,...>} (names bare or in backticks), each element, value or field optionally
     * {@code T not null} (see {@link #jsonString()}).
     */
    @JsonCreator
    static DataType parse(String text) {
        return DataTypeParser.parse(text);
    }
}
