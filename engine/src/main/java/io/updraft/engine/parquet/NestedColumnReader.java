package io.updraft.engine.parquet;

import io.updraft.engine.ArrowRows;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads one nested top-level column ({@link ParquetColumn#nested()}) of a row group: parquet-java assembles each
 * record from the column's leaves (repetition and definition levels) through converters that build Spark's values —
 * a {@link Row} per struct, an insertion-ordered {@link Map} per map, a {@link List} per array — which
 * {@link ArrowRows#vector} then writes into one Arrow vector per batch. Row by row (nested columns are not on the
 * vectorized path); typed as {@link NestedParquetTypes} types them. Not thread-safe.
 */
final class NestedColumnReader {
    private final ParquetColumn column;
    private final RecordReader<Object> records;

    NestedColumnReader(ParquetColumn column, PageReadStore pages) {
        this.column = column;
        MessageType schema = new MessageType("nested", column.group());
        this.records = new ColumnIOFactory().getColumnIO(schema).getRecordReader(pages, new Materializer(column));
    }

    /** The next {@code n} values as a new vector the caller owns. */
    FieldVector read(int n, BufferAllocator allocator) {
        List<Object> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(records.read());
        }
        return ArrowRows.vector(column.name(), column.type(), values, allocator);
    }

    /** The record is the column's value (null when the optional group is absent). */
    private static final class Materializer extends RecordMaterializer<Object> {
        private final GroupConverter root;
        private Object value;

        Materializer(ParquetColumn column) {
            Converter child = converter(column.group(), column.type(), v -> value = v);
            this.root = new GroupConverter() {
                @Override
                public Converter getConverter(int fieldIndex) {
                    return child;
                }

                @Override
                public void start() {
                    value = null;
                }

                @Override
                public void end() {
                }
            };
        }

        @Override
        public Object getCurrentRecord() {
            return value;
        }

        @Override
        public GroupConverter getRootConverter() {
            return root;
        }
    }

    /** The converter of a non-repeated field of SQL type {@code type}, handing each value to {@code sink}. */
    static Converter converter(Type field, DataType type, Consumer<Object> sink) {
        if (field.isPrimitive()) {
            return new Leaf(NestedParquetTypes.leaf(field.asPrimitiveType()), sink);
        }
        GroupType group = field.asGroupType();
        if (type instanceof ArrayType a && NestedParquetTypes.isList(group)) {
            return new ListConverter(group, a, sink);
        }
        if (type instanceof MapType m) {
            return new MapConverter(group, m, sink);
        }
        return new StructConverter(group, (StructType) type, sink);
    }

    /** A struct: one value per field (absent optional fields stay null), then a Row of them. */
    private static final class StructConverter extends GroupConverter {
        private final Converter[] fields;
        private final StructType type;
        private final Consumer<Object> sink;
        private Object[] values;

        StructConverter(GroupType group, StructType type, Consumer<Object> sink) {
            this.type = type;
            this.sink = sink;
            this.fields = new Converter[group.getFieldCount()];
            for (int i = 0; i < fields.length; i++) {
                int at = i;
                fields[i] = converter(group.getType(i), type.get(i).dataType(), v -> values[at] = v);
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return fields[fieldIndex];
        }

        @Override
        public void start() {
            values = new Object[fields.length];
        }

        @Override
        public void end() {
            sink.accept(Row.withSchema(type, values));
        }
    }

    /** A LIST: three levels (a repeated wrapper around the element, which may be null) or two (the element repeated). */
    private static final class ListConverter extends GroupConverter {
        private final Converter repeated;
        private final Consumer<Object> sink;
        private List<Object> list;
        private Object element;

        ListConverter(GroupType group, ArrayType type, Consumer<Object> sink) {
            this.sink = sink;
            Type repeatedField = NestedParquetTypes.listRepeated(group);
            if (NestedParquetTypes.repeatedIsElement(group)) {
                // the repeated field is the element: each value (primitive or group) is one element
                this.repeated = converter(repeatedField, type.elementType(), v -> list.add(v));
            } else {
                Type elementField = repeatedField.asGroupType().getType(0);
                Converter elementConverter = converter(elementField, type.elementType(), v -> element = v);
                this.repeated = new GroupConverter() {
                    @Override
                    public Converter getConverter(int fieldIndex) {
                        return elementConverter;
                    }

                    @Override
                    public void start() {
                        element = null;
                    }

                    @Override
                    public void end() {
                        list.add(element);
                    }
                };
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return repeated;
        }

        @Override
        public void start() {
            list = new ArrayList<>();
        }

        @Override
        public void end() {
            sink.accept(java.util.Collections.unmodifiableList(list));
        }
    }

    /** A MAP: one entry per repeated key_value group, in file order. */
    private static final class MapConverter extends GroupConverter {
        private final GroupConverter entries;
        private final Consumer<Object> sink;
        private Map<Object, Object> map;
        private Object key;
        private Object value;

        MapConverter(GroupType group, MapType type, Consumer<Object> sink) {
            this.sink = sink;
            GroupType kv = NestedParquetTypes.mapEntries(group);
            Converter keys = converter(kv.getType(0), type.keyType(), v -> key = v);
            Converter values = converter(kv.getType(1), type.valueType(), v -> value = v);
            this.entries = new GroupConverter() {
                @Override
                public Converter getConverter(int fieldIndex) {
                    return fieldIndex == 0 ? keys : values;
                }

                @Override
                public void start() {
                    key = null;
                    value = null;
                }

                @Override
                public void end() {
                    map.put(key, value);
                }
            };
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return entries;
        }

        @Override
        public void start() {
            map = new LinkedHashMap<>();
        }

        @Override
        public void end() {
            sink.accept(java.util.Collections.unmodifiableMap(map));
        }
    }

    /** A leaf value in the engine's internal form, converted as {@link ColumnDecoder} converts top-level columns. */
    private static final class Leaf extends PrimitiveConverter {
        private final ParquetColumn.Conversion conversion;
        private final int scale;
        private final Consumer<Object> sink;

        Leaf(ParquetColumn leaf, Consumer<Object> sink) {
            this.conversion = leaf.conversion();
            this.scale = leaf.type() instanceof io.updraft.sql.types.DecimalType d ? d.scale() : 0;
            this.sink = sink;
        }

        @Override
        public void addBoolean(boolean v) {
            sink.accept(v);
        }

        @Override
        public void addInt(int v) {
            sink.accept(switch (conversion) {
                case UINT32 -> v & 0xFFFFFFFFL;
                case INT8 -> (byte) v;
                case INT16 -> (short) v;
                case UINT8 -> (short) (v & 0xFF);
                case DECIMAL_INT32 -> BigDecimal.valueOf(v, scale);
                default -> v;
            });
        }

        @Override
        public void addLong(long v) {
            sink.accept(switch (conversion) {
                case TIMESTAMP_MILLIS -> v * 1000;
                case TIMESTAMP_NANOS -> Math.floorDiv(v, 1000L);
                case DECIMAL_INT64 -> BigDecimal.valueOf(v, scale);
                default -> v;
            });
        }

        @Override
        public void addFloat(float v) {
            sink.accept(v);
        }

        @Override
        public void addDouble(double v) {
            sink.accept(v);
        }

        @Override
        public void addBinary(Binary v) {
            sink.accept(switch (conversion) {
                case STRING -> v.toStringUsingUTF8();
                case DECIMAL_BINARY -> new BigDecimal(new BigInteger(v.getBytes()), scale);
                case INT96_TIMESTAMP -> {
                    ByteBuffer b = v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                    long nanos = b.getLong();
                    int julianDay = b.getInt();
                    yield (julianDay - 2_440_588L) * 86_400_000_000L + nanos / 1000;
                }
                default -> v.getBytes();
            });
        }
    }
}
