package io.updraft.engine.write;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

import java.util.ArrayList;
import java.util.List;

/**
 * A Spark schema as Spark 4 writes it to Parquet (the default, non-legacy format): every column optional
 * (Spark writes files with a nullable schema), tinyint INT32 (INT(8)), smallint INT32 (INT(16)), int INT32, bigint
 * INT64, float FLOAT, double DOUBLE, boolean BOOLEAN, string BINARY (STRING), binary BINARY, struct a group of its
 * fields, map the MAP group {@code repeated group key_value { required key; optional value }}, date INT32 (DATE), timestamp INT96 (Spark's default {@code outputTimestampType}; or
 * INT64 TIMESTAMP(MICROS/MILLIS, UTC) when asked), decimal INT32 up to 9 digits, INT64 up to 18, else
 * FIXED_LEN_BYTE_ARRAY of the fewest bytes (DECIMAL(p, s)), array the three-level LIST
 * ({@code repeated group list { optional element }}). The message is named {@code spark_schema}.
 */
final class ParquetSchemas {
    private ParquetSchemas() {
    }

    static MessageType of(StructType schema, TimestampOutput timestamps) {
        List<Type> fields = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            fields.add(type(f.name(), f.dataType(), timestamps));
        }
        return new MessageType("spark_schema", fields);
    }

    private static Type type(String name, DataType type, TimestampOutput timestamps) {
        return switch (type) {
            case BooleanType b -> Types.optional(PrimitiveTypeName.BOOLEAN).named(name);
            case IntegerType i -> Types.optional(PrimitiveTypeName.INT32).named(name);
            case LongType l -> Types.optional(PrimitiveTypeName.INT64).named(name);
            case DoubleType d -> Types.optional(PrimitiveTypeName.DOUBLE).named(name);
            case StringType s -> Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                    .named(name);
            case DateType d -> Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType())
                    .named(name);
            case TimestampType t -> switch (timestamps) {
                case INT96 -> Types.optional(PrimitiveTypeName.INT96).named(name);
                case TIMESTAMP_MICROS -> Types.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation
                        .timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS)).named(name);
                case TIMESTAMP_MILLIS -> Types.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation
                        .timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS)).named(name);
            };
            case ByteType b -> Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(8, true))
                    .named(name);
            case ShortType s -> Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(16, true))
                    .named(name);
            case FloatType f -> Types.optional(PrimitiveTypeName.FLOAT).named(name);
            case BinaryType b -> Types.optional(PrimitiveTypeName.BINARY).named(name);
            case DecimalType d -> decimal(name, d);
            case ArrayType a -> Types.optionalList().element(type("element", a.elementType(), timestamps))
                    .named(name);
            case StructType s -> {
                List<Type> children = new ArrayList<>();
                for (StructField f : s.fieldList()) {
                    children.add(type(f.name(), f.dataType(), timestamps));
                }
                yield Types.optionalGroup().addFields(children.toArray(new Type[0])).named(name);
            }
            case MapType m -> Types.optionalGroup().as(LogicalTypeAnnotation.mapType())
                    .addField(Types.repeatedGroup()
                            .addField(required(type("key", m.keyType(), timestamps)))
                            .addField(type("value", m.valueType(), timestamps))
                            .named("key_value"))
                    .named(name);
            default -> throw UpdraftException.user("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "0A000",
                    "The Parquet datasource doesn't support the column `" + name + "` of the type \""
                            + type.simpleString().toUpperCase(java.util.Locale.ROOT) + "\".");
        };
    }

    /** A map's key: Spark writes it required (keys are never null). */
    private static Type required(Type optional) {
        if (optional.isPrimitive()) {
            org.apache.parquet.schema.PrimitiveType p = optional.asPrimitiveType();
            Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> b = Types.required(p.getPrimitiveTypeName());
            if (p.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
                b = b.length(p.getTypeLength());
            }
            return b.as(p.getLogicalTypeAnnotation()).named(p.getName());
        }
        org.apache.parquet.schema.GroupType g = optional.asGroupType();
        return Types.requiredGroup().as(g.getLogicalTypeAnnotation()).addFields(g.getFields().toArray(new Type[0]))
                .named(g.getName());
    }

    private static Type decimal(String name, DecimalType d) {
        LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(d.scale(), d.precision());
        if (d.precision() <= 9) {
            return Types.optional(PrimitiveTypeName.INT32).as(annotation).named(name);
        }
        if (d.precision() <= 18) {
            return Types.optional(PrimitiveTypeName.INT64).as(annotation).named(name);
        }
        return Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(minBytes(d.precision()))
                .as(annotation).named(name);
    }

    /** Spark's {@code Decimal.minBytesForPrecision}: the fewest bytes whose two's complement holds 10^p - 1. */
    static int minBytes(int precision) {
        int bytes = 1;
        while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
            bytes++;
        }
        return bytes;
    }

    /** How timestamps are stored (Spark's {@code spark.sql.parquet.outputTimestampType}). */
    enum TimestampOutput {
        INT96, TIMESTAMP_MICROS, TIMESTAMP_MILLIS
    }
}
