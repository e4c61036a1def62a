package io.updraft.engine.vector;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

/**
 * How a SQL type is laid out in its Arrow vector. Kernels switch on this once per batch, not per row:
 * int and date share 4-byte values, bigint and timestamp 8-byte values.
 */
public enum PhysicalKind {
    /** BitVector. */
    BOOLEAN(0),
    /** IntVector, DateDayVector: 4-byte little-endian ints. */
    INT32(4),
    /** BigIntVector, TimeStampMicroTZVector: 8-byte longs. */
    INT64(8),
    /** Float8Vector. */
    FLOAT64(8),
    /** DecimalVector: 16-byte two's complement unscaled values. */
    DECIMAL(16),
    /** VarCharVector: int offsets and UTF-8 bytes. */
    UTF8(-1),
    /** NullVector: no buffers, every value null. */
    NULL(0),
    /** ListVector: validity, int offsets into one child vector of the element type. */
    LIST(-1),
    /** TinyIntVector: 1-byte ints. */
    INT8(1),
    /** SmallIntVector: 2-byte little-endian ints. */
    INT16(2),
    /** Float4Vector. */
    FLOAT32(4),
    /** VarBinaryVector: int offsets and bytes (the layout of UTF8). */
    BINARY(-1),
    /** StructVector: validity and one child vector per field, each as long as the struct vector. */
    STRUCT(-1),
    /** MapVector: a ListVector whose one child is a StructVector of key and value. */
    MAP(-1);

    private final int width;

    PhysicalKind(int width) {
        this.width = width;
    }

    /** Bytes per value for fixed-width kinds (INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, DECIMAL); 0 or -1 otherwise. */
    public int width() {
        return width;
    }

    public boolean isFixedWidthBytes() {
        return width > 0;
    }

    public static PhysicalKind of(DataType type) {
        return switch (type) {
            case BooleanType b -> BOOLEAN;
            case ByteType b -> INT8;
            case ShortType s -> INT16;
            case IntegerType i -> INT32;
            case DateType d -> INT32;
            case LongType l -> INT64;
            case TimestampType t -> INT64;
            case FloatType f -> FLOAT32;
            case DoubleType d -> FLOAT64;
            case BinaryType b -> BINARY;
            case DecimalType d -> DECIMAL;
            case StringType s -> UTF8;
            case NullType n -> NULL;
            case ArrayType a -> LIST;
            case MapType m -> MAP;
            case StructType s -> STRUCT;
        };
    }
}
