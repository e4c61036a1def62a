package io.updraft.core.encoder;

import io.updraft.core.value.Casts;
import io.updraft.core.value.Values;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Java types encoders map, as Spark's {@code JavaTypeInference}: which SQL type a Java type has, and the
 * conversions between a field's Java value and the value a {@code Row} holds (Spark's Java types: Byte, Short, Integer,
 * Long, Float, Double, Boolean, BigDecimal, String, byte[], java.sql.Date, java.sql.Timestamp, List, Map, and a Row
 * for a nested bean). Stateless.
 */
public final class JavaTypes {
    /** The type of {@code BigDecimal} fields and {@code Encoders.DECIMAL()}, as Spark's {@code DecimalType.SYSTEM_DEFAULT}. */
    public static final DecimalType SYSTEM_DECIMAL = new DecimalType(38, 18);

    private JavaTypes() {
    }

    /** The SQL type of a Java type; null when it is not a single value (a bean, or a type not mapped yet). */
    public static DataType sqlType(Type type) {
        return sqlType(type, Set.of());
    }

    /**
     * The SQL type of a Java type, a bean's being a struct of its properties ({@code enclosing}: the beans being
     * typed around it, to refuse a circular reference as Spark does); null when it is not mapped.
     */
    static DataType sqlType(Type type, Set<Class<?>> enclosing) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                && List.class.isAssignableFrom(raw)) {
            DataType element = sqlType(p.getActualTypeArguments()[0], enclosing);
            return element == null ? null : DataTypes.createArrayType(element, true);
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                && Map.class.isAssignableFrom(raw)) {
            DataType key = sqlType(p.getActualTypeArguments()[0], enclosing);
            DataType value = sqlType(p.getActualTypeArguments()[1], enclosing);
            return key == null || value == null ? null : DataTypes.createMapType(key, value, true);
        }
        if (!(type instanceof Class<?> c)) {
            return null;
        }
        if (c == String.class) {
            return DataTypes.StringType;
        }
        if (c == byte.class || c == Byte.class) {
            return DataTypes.ByteType;
        }
        if (c == short.class || c == Short.class) {
            return DataTypes.ShortType;
        }
        if (c == float.class || c == Float.class) {
            return DataTypes.FloatType;
        }
        if (c == byte[].class) {
            return DataTypes.BinaryType;
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
        if (c.isArray()) {
            DataType element = sqlType(c.getComponentType(), enclosing);
            return element == null ? null : DataTypes.createArrayType(element, !c.getComponentType().isPrimitive());
        }
        if (isBean(c)) {
            return BeanProperty.struct(c, enclosing);
        }
        return null;
    }

    /** A class typed as a nested bean: not a JDK class, not an interface or enum, with a readable property. */
    static boolean isBean(Class<?> c) {
        return !c.isPrimitive() && !c.isInterface() && !c.isEnum() && !c.getName().startsWith("java.")
                && !BeanProperty.getters(c).isEmpty();
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
            case byte[] bytes -> bytes;
            case List<?> l -> elements(l, ((ArrayType) type).elementType());
            case Object a when a.getClass().isArray() -> elements(arrayAsList(a), ((ArrayType) type).elementType());
            case Map<?, ?> m when type instanceof MapType t -> entries(m, t);
            case Object bean when type instanceof StructType s && !(bean instanceof Row) -> BeanProperty.row(bean, s);
            default -> value;
        };
    }

    private static Map<Object, Object> entries(Map<?, ?> map, MapType type) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            out.put(toRowValue(e.getKey(), type.keyType()), toRowValue(e.getValue(), type.valueType()));
        }
        return Collections.unmodifiableMap(out);
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
        if (!from.equals(to) && !(from instanceof ArrayType) && !(from instanceof StructType)
                && !(from instanceof MapType)) {
            Object cast = Casts.cast(Values.toInternal(from, value), from, to, ZoneId.systemDefault());
            v = Values.toJava(to, cast);
        }
        if (target instanceof ParameterizedType p && v instanceof Map<?, ?> m) {
            MapType fromMap = (MapType) from;
            MapType toMap = (MapType) to;
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.put(fromRowValue(e.getKey(), fromMap.keyType(), toMap.keyType(), p.getActualTypeArguments()[0]),
                        fromRowValue(e.getValue(), fromMap.valueType(), toMap.valueType(),
                                p.getActualTypeArguments()[1]));
            }
            return out;
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
        if (c == byte[].class) {
            return v;
        }
        if (v instanceof Row row && from instanceof StructType s) {
            return new BeanEncoder<>(c).reader(s).apply(row);
        }
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
