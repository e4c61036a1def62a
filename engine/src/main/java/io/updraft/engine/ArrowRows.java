package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.value.Values;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between Arrow IPC streams (base64, as in {@link io.updraft.core.task.TaskResult}) and
 * {@link Row}s with Spark's Java types: Boolean, Byte, Short, Integer, Long, Float, Double, BigDecimal, String,
 * byte[], java.sql.Date (the day, in the JVM's zone, as Spark), java.sql.Timestamp (the instant), for arrays
 * an unmodifiable java.util.List of those (Spark's {@code Row.getList}), for maps an unmodifiable
 * java.util.Map in entry order, for structs a Row carrying the struct's schema (Spark's {@code getStruct}). Used by the
 * coordinator for results and by tests; not a hot path. Thread-safe; the overloads without an allocator
 * use a short-lived one of their own.
 */
public final class ArrowRows {
    private ArrowRows() {
    }

    public static List<Row> decode(List<String> arrowIpcBase64, StructType schema) {
        try (BufferAllocator allocator = new RootAllocator()) {
            return decode(arrowIpcBase64, schema, allocator);
        }
    }

    /** All rows of the streams, in order; each row carries {@code schema}. */
    public static List<Row> decode(List<String> arrowIpcBase64, StructType schema, BufferAllocator allocator) {
        List<Row> rows = new ArrayList<>();
        for (String text : arrowIpcBase64) {
            if (text == null || text.isEmpty()) {
                continue;
            }
            byte[] bytes = Base64.getDecoder().decode(text);
            try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(bytes), allocator)) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                if (root.getFieldVectors().size() != schema.size()) {
                    throw new UpdraftException(ErrorType.INTERNAL, "Arrow stream has " + root.getFieldVectors().size()
                            + " columns but the schema " + schema.simpleString() + " has " + schema.size());
                }
                while (reader.loadNextBatch()) {
                    int n = root.getRowCount();
                    List<FieldVector> vectors = root.getFieldVectors();
                    for (int r = 0; r < n; r++) {
                        Object[] values = new Object[schema.size()];
                        for (int c = 0; c < values.length; c++) {
                            values[c] = value(vectors.get(c), schema.get(c).dataType(), r);
                        }
                        rows.add(Row.withSchema(schema, values));
                    }
                }
            } catch (IOException e) {
                throw new UpdraftException(ErrorType.INTERNAL, "cannot read Arrow IPC stream: " + e.getMessage(), e);
            }
        }
        return rows;
    }

    /** The Spark Java value of row r of a vector holding {@code type}. */
    public static Object value(FieldVector v, DataType type, int r) {
        PhysicalKind kind = PhysicalKind.of(type);
        if (kind == PhysicalKind.NULL || v.isNull(r)) {
            return null;
        }
        if (kind == PhysicalKind.LIST) {
            return list((ListVector) v, ((ArrayType) type).elementType(), r);
        }
        if (kind == PhysicalKind.MAP) {
            return map((MapVector) v, (MapType) type, r);
        }
        if (kind == PhysicalKind.STRUCT) {
            StructType struct = (StructType) type;
            Object[] values = new Object[struct.size()];
            for (int f = 0; f < values.length; f++) {
                values[f] = value((FieldVector) ((StructVector) v).getChildByOrdinal(f), struct.get(f).dataType(), r);
            }
            return Row.withSchema(struct, values);
        }
        ArrowBuf data = v.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Bits.get(data, r);
            case INT8 -> data.getByte(r);
            case INT16 -> data.getShort((long) r << 1);
            case FLOAT32 -> data.getFloat((long) r << 2);
            case BINARY -> ((org.apache.arrow.vector.VarBinaryVector) v).get(r);
            case INT32 -> {
                int x = data.getInt((long) r << 2);
                yield type instanceof DateType ? Values.toJava(type, x) : (Object) x;
            }
            case INT64 -> {
                long x = data.getLong((long) r << 3);
                yield type instanceof TimestampType ? Values.timestamp(x) : (Object) x;
            }
            case FLOAT64 -> data.getDouble((long) r << 3);
            case DECIMAL -> Decimals.big(data, r, ((DecimalType) type).scale());
            case UTF8 -> new String(((VarCharVector) v).get(r), StandardCharsets.UTF_8);
            case NULL, LIST, MAP, STRUCT -> null;
        };
    }

    /** A map value as an unmodifiable java.util.Map in entry order (null values as null). */
    private static Map<Object, Object> map(MapVector v, MapType type, int r) {
        int start = v.getElementStartIndex(r);
        int end = v.getElementEndIndex(r);
        StructVector entries = (StructVector) v.getDataVector();
        FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
        FieldVector values = (FieldVector) entries.getChildByOrdinal(1);
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int e = start; e < end; e++) {
            out.put(value(keys, type.keyType(), e), value(values, type.valueType(), e));
        }
        return Collections.unmodifiableMap(out);
    }

    /** An array value as an unmodifiable java.util.List (null elements as null), as Spark's Row.getList. */
    private static List<Object> list(ListVector v, DataType elementType, int r) {
        int start = v.getElementStartIndex(r);
        int end = v.getElementEndIndex(r);
        FieldVector child = v.getDataVector();
        List<Object> out = new ArrayList<>(end - start);
        for (int e = start; e < end; e++) {
            out.add(value(child, elementType, e));
        }
        return Collections.unmodifiableList(out);
    }

    public static String encode(List<Row> rows, StructType schema) {
        try (BufferAllocator allocator = new RootAllocator()) {
            return encode(rows, schema, allocator);
        }
    }

    /**
     * One IPC stream (base64) holding {@code rows} as a single batch. Accepted values per type: the
     * Spark Java types, plus LocalDate / Integer days for dates and Instant / LocalDateTime (UTC) / Long
     * micros for timestamps, and any Number for numeric columns.
     */
    public static String encode(List<Row> rows, StructType schema, BufferAllocator allocator) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(ArrowTypes.toArrowSchema(schema), allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes)) {
            int n = rows.size();
            List<FieldVector> vectors = root.getFieldVectors();
            for (int c = 0; c < vectors.size(); c++) {
                FieldVector v = vectors.get(c);
                List<Object> column = new ArrayList<>(n);
                for (Row row : rows) {
                    column.add(row.get(c));
                }
                fill(v, schema.get(c).dataType(), column);
            }
            root.setRowCount(n);
            writer.start();
            writer.writeBatch();
            writer.end();
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.INTERNAL, "cannot write Arrow IPC stream: " + e.getMessage(), e);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /**
     * The vectors of {@code rows} (values as {@link #encode} accepts them) in {@code schema}'s layout, allocated from
     * {@code allocator}; the caller owns them.
     */
    public static List<FieldVector> vectors(List<Row> rows, StructType schema, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>(schema.size());
        try {
            List<org.apache.arrow.vector.types.pojo.Field> fields = ArrowTypes.toArrowSchema(schema).getFields();
            for (int c = 0; c < fields.size(); c++) {
                FieldVector v = fields.get(c).createVector(allocator);
                vectors.add(v);
                List<Object> column = new ArrayList<>(rows.size());
                for (Row row : rows) {
                    column.add(row.get(c));
                }
                fill(v, schema.get(c).dataType(), column);
            }
            return vectors;
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
    }

    /**
     * A new vector named {@code name} of {@code type} holding {@code values} (internal or Spark Java values, as
     * {@link #encode} accepts; null = null). The caller owns the vector. Used by the text-file readers, a batch at a
     * time.
     */
    public static FieldVector vector(String name, DataType type, List<?> values, BufferAllocator allocator) {
        FieldVector v = ArrowTypes.newVector(name, type, allocator);
        try {
            fill(v, type, values);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    /** Allocates {@code v} and sets its values (nulls where a value is null) and value count. */
    private static void fill(FieldVector v, DataType type, List<?> values) {
        int n = values.size();
        if (v instanceof MapVector map) {
            fillMap(map, (MapType) type, values);
            return;
        }
        if (v instanceof StructVector struct) {
            fillStruct(struct, (StructType) type, values);
            return;
        }
        if (v instanceof ListVector list) {
            list.setInitialCapacity(Math.max(n, 1));
            list.allocateNew();
            List<Object> elements = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                Object value = values.get(r);
                if (value == null) {
                    list.setNull(r);
                    continue;
                }
                List<?> items = value instanceof List<?> l ? l : value instanceof Object[] a ? Arrays.asList(a) : null;
                if (items == null) {
                    throw new IllegalArgumentException("not an array: " + value + " (" + value.getClass() + ")");
                }
                list.startNewValue(r);
                elements.addAll(items);
                list.endValue(r, items.size());
            }
            fill(list.getDataVector(), ((ArrayType) type).elementType(), elements);
            list.setValueCount(n);
            return;
        }
        if (v instanceof BaseFixedWidthVector fixed) {
            fixed.allocateNew(Math.max(n, 1));
        } else if (v instanceof BaseVariableWidthVector variable) {
            variable.allocateNew(Math.max(16L * n, 16), Math.max(n, 1));
        }
        for (int r = 0; r < n; r++) {
            Object value = values.get(r);
            if (value != null) {
                set(v, type, r, value);
            }
        }
        v.setValueCount(n);
    }

    /** A struct column from Rows (or Object[]s / Lists) of its fields' values. */
    private static void fillStruct(StructVector struct, StructType type, List<?> values) {
        int n = values.size();
        struct.setInitialCapacity(Math.max(n, 1));
        struct.allocateNew();
        List<List<Object>> columns = new ArrayList<>(type.size());
        for (int f = 0; f < type.size(); f++) {
            columns.add(new ArrayList<>(n));
        }
        for (int r = 0; r < n; r++) {
            Object value = values.get(r);
            List<?> fields = switch (value) {
                case null -> null;
                case Row row -> row.toList();
                case Object[] a -> Arrays.asList(a);
                case List<?> l -> l;
                default -> throw new IllegalArgumentException("not a struct: " + value + " (" + value.getClass() + ")");
            };
            if (fields != null && fields.size() != type.size()) {
                throw new IllegalArgumentException("struct value " + value + " has " + fields.size()
                        + " fields but " + type.simpleString() + " has " + type.size());
            }
            for (int f = 0; f < type.size(); f++) {
                columns.get(f).add(fields == null ? null : fields.get(f));
            }
            if (fields == null) {
                struct.setNull(r);
            } else {
                struct.setIndexDefined(r);
            }
        }
        for (int f = 0; f < type.size(); f++) {
            StructField field = type.get(f);
            fill((FieldVector) struct.getChildByOrdinal(f), field.dataType(), columns.get(f));
        }
        struct.setValueCount(n);
    }

    /** A map column from java.util.Maps (entries in iteration order). */
    private static void fillMap(MapVector map, MapType type, List<?> values) {
        int n = values.size();
        map.setInitialCapacity(Math.max(n, 1));
        map.allocateNew();
        List<Object> keys = new ArrayList<>();
        List<Object> items = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Object value = values.get(r);
            if (value == null) {
                map.setNull(r);
                continue;
            }
            if (!(value instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException("not a map: " + value + " (" + value.getClass() + ")");
            }
            map.startNewValue(r);
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey() == null) {
                    throw UpdraftException.user("[NULL_MAP_KEY] Cannot use null as map key.");
                }
                keys.add(e.getKey());
                items.add(e.getValue());
            }
            map.endValue(r, m.size());
        }
        StructVector entries = (StructVector) map.getDataVector();
        entries.setInitialCapacity(Math.max(keys.size(), 1));
        entries.allocateNew();
        for (int e = 0; e < keys.size(); e++) {
            entries.setIndexDefined(e);
        }
        fill((FieldVector) entries.getChildByOrdinal(0), type.keyType(), keys);
        fill((FieldVector) entries.getChildByOrdinal(1), type.valueType(), items);
        entries.setValueCount(keys.size());
        map.setValueCount(n);
    }

    private static void set(FieldVector v, DataType type, int r, Object value) {
        ArrowBuf data = v.getDataBuffer();
        PhysicalKind kind = PhysicalKind.of(type);
        switch (kind) {
            case BOOLEAN -> {
                if ((Boolean) value) {
                    Bits.set(data, r);
                }
            }
            case INT8 -> data.setByte(r, ((Number) value).byteValue());
            case INT16 -> data.setShort((long) r << 1, ((Number) value).shortValue());
            case FLOAT32 -> data.setFloat((long) r << 2, ((Number) value).floatValue());
            case BINARY -> {
                byte[] bytes = (byte[]) value;
                ((org.apache.arrow.vector.VarBinaryVector) v).setSafe(r, bytes, 0, bytes.length);
                return;
            }
            case INT32 -> data.setInt((long) r << 2, type instanceof DateType ? Values.days(value) : ((Number) value).intValue());
            case INT64 -> data.setLong((long) r << 3, type instanceof TimestampType ? Values.micros(value)
                    : ((Number) value).longValue());
            case FLOAT64 -> data.setDouble((long) r << 3, ((Number) value).doubleValue());
            case DECIMAL -> {
                DecimalType d = (DecimalType) type;
                BigDecimal decimal = value instanceof BigDecimal b ? b : new BigDecimal(value.toString());
                BigDecimal fitted = Decimals.fit(decimal, d.precision(), d.scale());
                if (fitted == null) {
                    throw UpdraftException.user("Value " + value + " does not fit " + d.simpleString());
                }
                Decimals.setBig(data, r, fitted.setScale(d.scale(), RoundingMode.UNNECESSARY));
            }
            case UTF8 -> {
                byte[] bytes = value.toString().getBytes(StandardCharsets.UTF_8);
                ((VarCharVector) v).setSafe(r, bytes, 0, bytes.length);
                return;
            }
            case NULL, LIST, MAP, STRUCT -> {
                return;
            }
        }
        Bits.set(v.getValidityBuffer(), r);
    }
}
