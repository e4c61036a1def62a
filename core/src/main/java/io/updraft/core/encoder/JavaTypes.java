package io.updraft.core.encoder;

import io.updraft.core.value.Casts;
import io.updraft.core.value.Values;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.lang.reflect.Array;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The Java types encoders map, as Spark's {@code JavaTypeInference}: which SQL type a Java type has, and the
 * conversions between a field's Java value and the value a {@code Row} holds (Spark's Java types: Integer, Long,
 * Double, Boolean, BigDecimal, String, java.sql.Date, java.sql.Timestamp, List). Stateless.
 */
public final class JavaTypes {
    /** The type of {@code BigDecimal} fields and {@code Encoders.DECIMAL()}, as Spark's {@code DecimalType.SYSTEM_DEFAULT}. */
    public static final DecimalType SYSTEM_DECIMAL = new DecimalType(38, 18);

    private JavaTypes() {
    }

    /** The SQL type of a Java type; null when it is not a single value (a bean, or a type not mapped yet). */
    public static DataType sqlType(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                && List.class.isAssignableFrom(raw)) {
            DataType element = sqlType(p.getActualTypeArguments()[0]);
            return element == null ? null : DataTypes.createArrayType(element, true);
        }
        if (!(type instanceof Class<?> c)) {
            return null;
        }
        if (c == String.class) {
            return DataTypes.StringType;
        }
        if (c == int.class || c == Integer.class) {
            return DataTypes.IntegerType;
        }
        if (c == long.class || c == Long.class) {
            return DataTypes.LongType;
        }
        if (c == double.class || c == Double.class) {
            return DataTypes.DoubleType;
        }
        if (c == boolean.class || c == Boolean.class) {
            return DataTypes.BooleanType;
        }
        if (c == BigDecimal.class) {
            return SYSTEM_DECIMAL;
        }
        if (c == Date.class || c == LocalDate.class) {
            return DataTypes.DateType;
        }
        if (c == Timestamp.class || c == Instant.class) {
            return DataTypes.TimestampType;
        }
        if (c.isArray() && c != byte[].class) {
            DataType element = sqlType(c.getComponentType());
            return element == null ? null : DataTypes.createArrayType(element, !c.getComponentType().isPrimitive());
        }
        return null;
    }

    /** Whether values of the Java type may be null (everything but primitives). */
    public static boolean nullable(Type type) {
        return !(type instanceof Class<?> c && c.isPrimitive());
    }

    /** The value a Row holds for a field's Java value of SQL type {@code type}. */
    public static Object toRowValue(Object value, DataType type) {
        return switch (value) {
            case null -> null;
            case LocalDate d -> Date.valueOf(d);
            case Instant i -> Timestamp.from(i);
            case BigDecimal d when type instanceof DecimalType t && d.scale() != t.scale() ->
                    d.setScale(t.scale(), RoundingMode.HALF_UP);
            case List<?> l -> elements(l, ((ArrayType) type).elementType());
            case Object a when a.getClass().isArray() -> elements(arrayAsList(a), ((ArrayType) type).elementType());
            default -> value;
        };
    }

    private static List<Object> elements(List<?> values, DataType elementType) {
        List<Object> out = new ArrayList<>(values.size());
        for (Object v : values) {
            out.add(toRowValue(v, elementType));
        }
        return Collections.unmodifiableList(out);
    }

    private static List<Object> arrayAsList(Object array) {
        int n = Array.getLength(array);
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(Array.get(array, i));
        }
        return out;
    }

    /**
     * A Row's value of SQL type {@code from} as the Java type {@code target} of SQL type {@code to}, up-cast
     * first when the types differ ({@link UpCast} has accepted them).
     */
    public static Object fromRowValue(Object value, DataType from, DataType to, Type target) {
        if (value == null) {
            return null;
        }
        Object v = value;
        if (!from.equals(to) && !(from instanceof ArrayType)) {
            Object cast = Casts.cast(Values.toInternal(from, value), from, to, ZoneId.systemDefault());
            v = Values.toJava(to, cast);
        }
        if (target instanceof ParameterizedType p) {
            List<?> items = (List<?>) v;
            DataType fromElement = ((ArrayType) from).elementType();
            DataType toElement = ((ArrayType) to).elementType();
            List<Object> out = new ArrayList<>(items.size());
            for (Object item : items) {
                out.add(fromRowValue(item, fromElement, toElement, p.getActualTypeArguments()[0]));
            }
            return out;
        }
        Class<?> c = (Class<?>) target;
        if (c.isArray()) {
            List<?> items = (List<?>) v;
            Object array = Array.newInstance(c.getComponentType(), items.size());
            DataType fromElement = ((ArrayType) from).elementType();
            DataType toElement = ((ArrayType) to).elementType();
            for (int i = 0; i < items.size(); i++) {
                Array.set(array, i, fromRowValue(items.get(i), fromElement, toElement, c.getComponentType()));
            }
            return array;
        }
        if (c == LocalDate.class) {
            return ((Date) v).toLocalDate();
        }
        if (c == Instant.class) {
            return ((Timestamp) v).toInstant();
        }
        if (c == BigDecimal.class && to instanceof DecimalType d) {
            return ((BigDecimal) v).setScale(d.scale(), RoundingMode.HALF_UP);
        }
        return v;
    }
}
