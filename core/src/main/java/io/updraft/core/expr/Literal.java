package io.updraft.core.expr;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
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

import java.io.IOException;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * A constant. Internal value representation by type: boolean → Boolean, tinyint → Byte, smallint → Short,
 * int → Integer, bigint → Long, float → Float, double → Double, binary → byte[] (hex digits in JSON), decimal(p,s) → BigDecimal with scale s, string → String, date → Integer (days since
 * 1970-01-01), timestamp → Long (microseconds since the epoch, UTC); null → null.
 */
public record Literal(DataType dataType, @JsonSerialize(using = Literal.ValueText.class) Object value)
        implements Expr {
    public Literal {
        Objects.requireNonNull(dataType, "dataType is null");
        value = normalize(dataType, value);
    }

    public static Literal nullOf(DataType type) {
        return new Literal(type, null);
    }

    public static Literal of(int v) {
        return new Literal(DataTypes.IntegerType, v);
    }

    public static Literal of(long v) {
        return new Literal(DataTypes.LongType, v);
    }

    public static Literal of(double v) {
        return new Literal(DataTypes.DoubleType, v);
    }

    public static Literal of(boolean v) {
        return new Literal(DataTypes.BooleanType, v);
    }

    public static Literal of(String v) {
        return new Literal(DataTypes.StringType, v);
    }

    /** A decimal literal typed with the smallest decimal(p,s) that holds it exactly. */
    public static Literal of(BigDecimal v) {
        int scale = Math.max(v.scale(), 0);
        BigDecimal scaled = v.setScale(scale, RoundingMode.UNNECESSARY);
        // Spark's DecimalType.fromDecimal: precision = max(digits, scale), so 0.06 is decimal(2,2).
        int precision = Math.max(scaled.precision(), scale);
        return new Literal(new DecimalType(Math.max(precision, 1), scale), scaled);
    }

    @Override
    public boolean nullable() {
        return value == null;
    }

    @JsonCreator
    static Literal fromJson(@JsonProperty("dataType") DataType dataType, @JsonProperty("value") String text) {
        return new Literal(dataType, text == null ? null : parse(dataType, text));
    }

    private static Object parse(DataType type, String text) {
        return switch (type) {
            case BooleanType b -> Boolean.parseBoolean(text);
            case ByteType b -> Byte.parseByte(text);
            case ShortType s -> Short.parseShort(text);
            case IntegerType i -> Integer.parseInt(text);
            case LongType l -> Long.parseLong(text);
            case FloatType f -> Float.parseFloat(text);
            case DoubleType d -> Double.parseDouble(text);
            case BinaryType b -> HexFormat.of().parseHex(text);
            case DecimalType d -> new BigDecimal(text);
            case StringType s -> text;
            case DateType d -> Integer.parseInt(text);
            case TimestampType t -> Long.parseLong(text);
            case NullType n -> null;
            case ArrayType a -> throw new IllegalArgumentException("array literals are not supported: " + text);
            case MapType m -> throw new IllegalArgumentException("map literals are not supported: " + text);
            case StructType s -> throw new IllegalArgumentException("struct literals are not supported: " + text);
        };
    }

    private static Object normalize(DataType type, Object v) {
        if (v == null) {
            return null;
        }
        Object normalized = switch (type) {
            case BooleanType b -> v instanceof Boolean ? v : null;
            case ByteType b -> v instanceof Byte ? v : null;
            case ShortType s -> v instanceof Short ? v : null;
            case IntegerType i -> v instanceof Integer ? v : null;
            case LongType l -> v instanceof Number n && !(v instanceof Double) && !(v instanceof BigDecimal)
                    ? Long.valueOf(n.longValue()) : null;
            case FloatType f -> v instanceof Float ? v : null;
            case DoubleType d -> v instanceof Number n ? Double.valueOf(n.doubleValue()) : null;
            case BinaryType b -> v instanceof byte[] ? v : null;
            case DecimalType d -> v instanceof BigDecimal bd ? bd.setScale(d.scale(), RoundingMode.HALF_UP) : null;
            case StringType s -> v instanceof String ? v : null;
            case DateType d -> v instanceof Integer ? v : null;
            case TimestampType t -> v instanceof Long ? v : null;
            case NullType n -> null;
            case ArrayType a -> null;
            case MapType m -> null;
            case StructType s -> null;
        };
        if (normalized == null) {
            throw new IllegalArgumentException("value " + v + " (" + v.getClass().getSimpleName()
                    + ") does not fit literal type " + type.simpleString());
        }
        return normalized;
    }

    @Override
    public String toString() {
        return value == null ? "null" : value instanceof byte[] b ? "X'" + HexFormat.of().withUpperCase().formatHex(b)
                + "'" : value.toString();
    }

    /** The value's JSON text, read back by {@link #fromJson}: its toString, hex digits for a binary. */
    static final class ValueText extends StdSerializer<Object> {
        ValueText() {
            super(Object.class);
        }

        @Override
        public void serialize(Object value, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeString(value instanceof byte[] b ? HexFormat.of().formatHex(b) : value.toString());
        }
    }
}
