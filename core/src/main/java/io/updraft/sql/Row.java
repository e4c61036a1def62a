package io.updraft.sql;

import io.updraft.sql.types.StructType;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One row of a result, as Spark's {@code Row}: positional access, typed getters and, when the row
 * carries a schema, access by field name. Values use Spark's Java types: Boolean, Byte, Short, Integer, Long,
 * Float, Double, java.math.BigDecimal, String, byte[], java.sql.Date, java.sql.Timestamp, for arrays an
 * unmodifiable java.util.List of those, for maps an unmodifiable java.util.Map (insertion order kept), for
 * structs a Row with the struct's schema; null is null. Immutable, except its one subclass (not sealed: it lives in
 * another package) {@link io.updraft.sql.expressions.MutableAggregationBuffer}, Spark's mutable Row.
 */
public class Row {
    private final Object[] values;
    private final StructType schema;

    /** A row over {@code values} (taken, not copied). */
    protected Row(Object[] values, StructType schema) {
        this.values = values;
        this.schema = schema;
    }

    /** Replaces the i-th value: only for the mutable subclass. */
    protected final void set(int i, Object value) {
        values[i] = value;
    }

    /** A row without a schema, as Spark's {@code RowFactory.create}. */
    public static Row of(Object... values) {
        return new Row(values.clone(), null);
    }

    public static Row withSchema(StructType schema, Object[] values) {
        if (schema.size() != values.length) {
            throw new IllegalArgumentException("row has " + values.length + " values but schema has " + schema.size());
        }
        return new Row(values.clone(), schema);
    }

    public StructType schema() {
        return schema;
    }

    public int size() {
        return values.length;
    }

    public int length() {
        return values.length;
    }

    public Object get(int i) {
        return values[i];
    }

    public boolean isNullAt(int i) {
        return values[i] == null;
    }

    @SuppressWarnings("unchecked")
    public <T> T getAs(int i) {
        return (T) values[i];
    }

    public <T> T getAs(String fieldName) {
        return getAs(fieldIndex(fieldName));
    }

    public int fieldIndex(String name) {
        if (schema == null) {
            throw new UnsupportedOperationException("fieldIndex on a Row without schema is undefined");
        }
        return schema.fieldIndex(name); // case-sensitive, Spark's [FIELD_NOT_FOUND] when absent
    }

    public boolean getBoolean(int i) {
        return (Boolean) nonNull(i);
    }

    public byte getByte(int i) {
        return ((Number) nonNull(i)).byteValue();
    }

    public short getShort(int i) {
        return ((Number) nonNull(i)).shortValue();
    }

    public float getFloat(int i) {
        return ((Number) nonNull(i)).floatValue();
    }

    public int getInt(int i) {
        return ((Number) nonNull(i)).intValue();
    }

    public long getLong(int i) {
        return ((Number) nonNull(i)).longValue();
    }

    public double getDouble(int i) {
        return ((Number) nonNull(i)).doubleValue();
    }

    public String getString(int i) {
        return (String) values[i];
    }

    public BigDecimal getDecimal(int i) {
        return (BigDecimal) values[i];
    }

    public Date getDate(int i) {
        return (Date) values[i];
    }

    public Timestamp getTimestamp(int i) {
        return (Timestamp) values[i];
    }

    /**
     * An array column's value as a {@code java.util.List} (unmodifiable; elements in Spark's Java types,
     * null elements as null), as Spark's {@code Row.getList}; null when the value is null.
     */
    @SuppressWarnings("unchecked")
    public <T> List<T> getList(int i) {
        Object v = values[i];
        if (v != null && !(v instanceof List<?>)) {
            throw new ClassCastException("Value at index " + i + " is a " + v.getClass().getSimpleName()
                    + ", not an array");
        }
        return (List<T>) v;
    }

    /** Same as {@link #getList(int)}: Spark's {@code getSeq}, with a Java list in place of a Scala Seq. */
    public <T> List<T> getSeq(int i) {
        return getList(i);
    }

    /** A struct column's value (a Row carrying the struct's schema), as Spark's {@code getStruct}; null when null. */
    public Row getStruct(int i) {
        Object v = values[i];
        if (v != null && !(v instanceof Row)) {
            throw new ClassCastException("Value at index " + i + " is a " + v.getClass().getSimpleName()
                    + ", not a struct");
        }
        return (Row) v;
    }

    /**
     * A map column's value as an unmodifiable {@code java.util.Map} in the map's entry order (Spark's
     * {@code getJavaMap}; Spark's {@code getMap} returns a Scala map, this one the Java map); null when null.
     */
    @SuppressWarnings("unchecked")
    public <K, V> java.util.Map<K, V> getMap(int i) {
        Object v = values[i];
        if (v != null && !(v instanceof java.util.Map<?, ?>)) {
            throw new ClassCastException("Value at index " + i + " is a " + v.getClass().getSimpleName()
                    + ", not a map");
        }
        return (java.util.Map<K, V>) v;
    }

    /** Same as {@link #getMap(int)}: Spark's {@code getJavaMap}. */
    public <K, V> java.util.Map<K, V> getJavaMap(int i) {
        return getMap(i);
    }

    public List<Object> toList() {
        return Arrays.asList(values.clone());
    }

    private Object nonNull(int i) {
        if (values[i] == null) {
            throw new NullPointerException("Value at index " + i + " is null");
        }
        return values[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && Arrays.deepEquals(values, r.values);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(values);
    }

    /** Spark's form: {@code [v1,v2,...]} with null as "null". */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(Objects.toString(values[i]));
        }
        return sb.append(']').toString();
    }
}
