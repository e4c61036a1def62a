package io.updraft.engine.parquet;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A top-level, non-repeated primitive Parquet column with the SQL type it reads as and how its
 * physical values convert, as Spark reads them: BOOLEAN; INT32 (int, date; INT(8) as tinyint, INT(16) and
 * UINT(8) as smallint, UINT(16) as int, UINT(32) as bigint); INT64 (bigint, timestamps in millis/micros/nanos);
 * INT96 timestamps; FLOAT as float, DOUBLE as double; BYTE_ARRAY as string when annotated STRING, ENUM or JSON,
 * as binary without annotation; decimals stored as INT32, INT64, FIXED_LEN_BYTE_ARRAY or BINARY.
 * A top-level group is a {@link Conversion#NESTED} column ({@code descriptor} null, {@code group} its Parquet
 * type): a struct, a MAP or a LIST of such values, typed by {@link NestedParquetTypes} and read by
 * {@link NestedColumnReader}.
 */
record ParquetColumn(String name, int fieldIndex, ColumnDescriptor descriptor, DataType type, Conversion conversion,
                     Type group) {

    enum Conversion {
        BOOLEAN, INT32, UINT32, INT64, TIMESTAMP_MILLIS, TIMESTAMP_MICROS, TIMESTAMP_NANOS, INT96_TIMESTAMP,
        FLOAT, DOUBLE, STRING, DECIMAL_INT32, DECIMAL_INT64, DECIMAL_BINARY, INT8, INT16, UINT8, BINARY, NESTED
    }

    boolean nested() {
        return conversion == Conversion.NESTED;
    }

    /** Result of mapping one field: a column, or why it cannot be read. */
    record Mapping(ParquetColumn column, String unsupportedReason) {
    }

    static Mapping map(MessageType schema, int fieldIndex) {
        Type field = schema.getType(fieldIndex);
        String name = field.getName();
        if (!field.isPrimitive()) {
            if (field.isRepetition(Type.Repetition.REPEATED)) {
                return unsupported(name, "repeated group");
            }
            String why = NestedParquetTypes.unsupported(field);
            if (why != null) {
                return unsupported(name, why);
            }
            return new Mapping(new ParquetColumn(name, fieldIndex, null, NestedParquetTypes.type(field),
                    Conversion.NESTED, field), null);
        }
        if (field.isRepetition(Type.Repetition.REPEATED)) {
            return unsupported(name, "repeated field");
        }
        PrimitiveType primitive = field.asPrimitiveType();
        LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
        ColumnDescriptor descriptor = schema.getColumnDescription(new String[] {name});
        if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
            if (d.getPrecision() > DecimalType.MAX_PRECISION || d.getPrecision() < 1) {
                return unsupported(name, "decimal(" + d.getPrecision() + "," + d.getScale() + ")");
            }
            DecimalType type = new DecimalType(d.getPrecision(), d.getScale());
            return switch (primitive.getPrimitiveTypeName()) {
                case INT32 -> column(name, fieldIndex, descriptor, type, Conversion.DECIMAL_INT32);
                case INT64 -> column(name, fieldIndex, descriptor, type, Conversion.DECIMAL_INT64);
                case FIXED_LEN_BYTE_ARRAY, BINARY -> column(name, fieldIndex, descriptor, type,
                        Conversion.DECIMAL_BINARY);
                default -> unsupported(name, "decimal stored as " + primitive.getPrimitiveTypeName());
            };
        }
        return switch (primitive.getPrimitiveTypeName()) {
            case BOOLEAN -> column(name, fieldIndex, descriptor, DataTypes.BooleanType, Conversion.BOOLEAN);
            case INT32 -> {
                if (logical == null) {
                    yield column(name, fieldIndex, descriptor, DataTypes.IntegerType, Conversion.INT32);
                }
                if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    yield column(name, fieldIndex, descriptor, DataTypes.DateType, Conversion.INT32);
                }
                if (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i) {
                    if (i.isSigned() && i.getBitWidth() == 8) {
                        yield column(name, fieldIndex, descriptor, DataTypes.ByteType, Conversion.INT8);
                    }
                    if (i.isSigned() && i.getBitWidth() == 16) {
                        yield column(name, fieldIndex, descriptor, DataTypes.ShortType, Conversion.INT16);
                    }
                    if (!i.isSigned() && i.getBitWidth() == 8) {
                        yield column(name, fieldIndex, descriptor, DataTypes.ShortType, Conversion.UINT8);
                    }
                    yield i.isSigned() || i.getBitWidth() < 32
                            ? column(name, fieldIndex, descriptor, DataTypes.IntegerType, Conversion.INT32)
                            : column(name, fieldIndex, descriptor, DataTypes.LongType, Conversion.UINT32);
                }
                yield unsupported(name, "INT32 " + logical);
            }
            case INT64 -> {
                if (logical == null) {
                    yield column(name, fieldIndex, descriptor, DataTypes.LongType, Conversion.INT64);
                }
                if (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i && i.isSigned()) {
                    yield column(name, fieldIndex, descriptor, DataTypes.LongType, Conversion.INT64);
                }
                if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
                    Conversion c = switch (t.getUnit()) {
                        case MILLIS -> Conversion.TIMESTAMP_MILLIS;
                        case MICROS -> Conversion.TIMESTAMP_MICROS;
                        case NANOS -> Conversion.TIMESTAMP_NANOS;
                    };
                    yield column(name, fieldIndex, descriptor, DataTypes.TimestampType, c);
                }
                yield unsupported(name, "INT64 " + logical);
            }
            case INT96 -> column(name, fieldIndex, descriptor, DataTypes.TimestampType, Conversion.INT96_TIMESTAMP);
            case FLOAT -> column(name, fieldIndex, descriptor, DataTypes.FloatType, Conversion.FLOAT);
            case DOUBLE -> column(name, fieldIndex, descriptor, DataTypes.DoubleType, Conversion.DOUBLE);
            case BINARY -> logical == null ? column(name, fieldIndex, descriptor, DataTypes.BinaryType, Conversion.BINARY)
                    : logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                    || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                    || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation
                    ? column(name, fieldIndex, descriptor, DataTypes.StringType, Conversion.STRING)
                    : unsupported(name, "BINARY " + logical);
            case FIXED_LEN_BYTE_ARRAY -> unsupported(name, "FIXED_LEN_BYTE_ARRAY " + (logical == null ? "" : logical));
        };
    }

    private static Mapping column(String name, int fieldIndex, ColumnDescriptor descriptor, DataType type,
                                  Conversion conversion) {
        return new Mapping(new ParquetColumn(name, fieldIndex, descriptor, type, conversion, null), null);
    }

    private static Mapping unsupported(String name, String what) {
        return new Mapping(null, name + " (" + what.trim() + ")");
    }
}
