package io.updraft.engine.write;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.List;

/**
 * One JSON lines file as Spark writes it (Jackson): one object per row, fields in schema order, null fields left
 * out ({@code ignoreNullFields} true), numbers as numbers (NaN and infinities as strings, as Spark), dates and
 * timestamps as strings by {@code dateFormat} / {@code timestampFormat}, binary as base64, arrays as JSON arrays,
 * structs as objects (null fields left out too), maps as objects keyed by the key's text; {@code lineSep}
 * after each row (default "\n").
 */
final class JsonFormatWriter implements FormatWriter {
    private final Writer out;
    private final JsonGenerator json;
    private final StructType schema;
    private final int[] columns;
    private final TextValues values;
    private final boolean ignoreNullFields;
    private final String lineSeparator;

    JsonFormatWriter(Writer out, StructType schema, int[] columns, java.util.Map<String, String> options,
                     ZoneId zone) {
        java.util.Map<String, String> o = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        o.putAll(options);
        this.out = out;
        this.schema = schema;
        this.columns = columns;
        this.values = new TextValues(o.getOrDefault("dateFormat", "yyyy-MM-dd"),
                o.getOrDefault("timestampFormat", io.updraft.engine.csv.CsvOptions.DEFAULT_TIMESTAMP_FORMAT), zone);
        this.ignoreNullFields = !"false".equalsIgnoreCase(o.getOrDefault("ignoreNullFields", "true"));
        this.lineSeparator = o.getOrDefault("lineSep", "\n");
        try {
            this.json = new JsonFactory().createGenerator(out);
            json.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            json.setRootValueSeparator(null);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    @Override
    public void write(Batch batch, int[] rows, int from, int count) {
        try {
            for (int i = from; i < from + count; i++) {
                int r = rows == null ? i : rows[i];
                json.writeStartObject();
                for (int c = 0; c < schema.size(); c++) {
                    Object value = CellValues.internal(batch.vector(columns[c]), schema.get(c).dataType(), r);
                    if (value == null && ignoreNullFields) {
                        continue;
                    }
                    json.writeFieldName(schema.get(c).name());
                    value(value, schema.get(c).dataType());
                }
                json.writeEndObject();
                json.flush();
                out.write(lineSeparator);
            }
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private void value(Object value, DataType type) throws IOException {
        if (value == null) {
            json.writeNull();
            return;
        }
        switch (type) {
            case BooleanType b -> json.writeBoolean((Boolean) value);
            case IntegerType i -> json.writeNumber((Integer) value);
            case ByteType b -> json.writeNumber((Byte) value);
            case ShortType s -> json.writeNumber((Short) value);
            case FloatType f -> {
                float v = (Float) value;
                if (Float.isNaN(v) || Float.isInfinite(v)) {
                    json.writeString(Float.toString(v));
                } else {
                    json.writeNumber(v);
                }
            }
            case BinaryType b -> json.writeBinary((byte[]) value);
            case StructType s -> {
                Object[] fields = (Object[]) value;
                json.writeStartObject();
                for (int c = 0; c < s.size(); c++) {
                    if (fields[c] == null && ignoreNullFields) {
                        continue;
                    }
                    json.writeFieldName(s.get(c).name());
                    value(fields[c], s.get(c).dataType());
                }
                json.writeEndObject();
            }
            case MapType m -> {
                json.writeStartObject();
                for (java.util.Map.Entry<?, ?> e : ((java.util.Map<?, ?>) value).entrySet()) {
                    json.writeFieldName(values.text(e.getKey(), m.keyType()));
                    value(e.getValue(), m.valueType());
                }
                json.writeEndObject();
            }
            case LongType l -> json.writeNumber((Long) value);
            case DoubleType d -> {
                double v = (Double) value;
                if (Double.isNaN(v) || Double.isInfinite(v)) {
                    json.writeString(Double.toString(v));
                } else {
                    json.writeNumber(v);
                }
            }
            case DecimalType d -> json.writeNumber((BigDecimal) value);
            case StringType s -> json.writeString((String) value);
            case ArrayType a -> {
                json.writeStartArray();
                for (Object element : (List<?>) value) {
                    value(element, a.elementType());
                }
                json.writeEndArray();
            }
            default -> json.writeString(values.text(value, type));
        }
    }

    @Override
    public void finish() {
        try {
            json.close();
            out.close();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private static UpdraftException failure(IOException e) {
        return new UpdraftException(ErrorType.TRANSIENT, "Cannot write JSON output: " + e.getMessage(), e);
    }
}
