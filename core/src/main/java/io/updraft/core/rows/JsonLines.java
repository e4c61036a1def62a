package io.updraft.core.rows;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * One row as Spark's {@code Dataset.toJSON} writes it (Jackson, Spark's {@code JacksonGenerator} defaults): an
 * object with fields in column order, null fields left out, numbers and booleans bare (decimals in plain notation;
 * NaN and infinities as strings), strings and dates ({@code "yyyy-MM-dd"}) quoted, timestamps as
 * {@code "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"} in the session time zone, arrays as arrays (null elements as
 * {@code null}), structs as objects, maps as objects keyed by the keys' text, binaries as base64 strings.
 * Stateless, thread-safe.
 */
public final class JsonLines {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    private JsonLines() {
    }

    /** The JSON text of {@code row} (of {@code schema}), without a line break. */
    public static String line(Row row, StructType schema, ZoneId zone) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(text)) {
            writeStruct(json, row, schema, zone);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeStruct(JsonGenerator json, Row row, StructType schema, ZoneId zone) throws IOException {
        json.writeStartObject();
        for (int i = 0; i < schema.size(); i++) {
            Object value = i < row.size() ? row.get(i) : null;
            if (value != null) {
                json.writeFieldName(schema.get(i).name());
                writeValue(json, value, schema.get(i).dataType(), zone);
            }
        }
        json.writeEndObject();
    }

    private static void writeValue(JsonGenerator json, Object value, DataType type, ZoneId zone) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case BigDecimal d -> json.writeNumber(d);
            case Double d when d.isNaN() || d.isInfinite() -> json.writeString(d.toString());
            case Float f when f.isNaN() || f.isInfinite() -> json.writeString(f.toString());
            case Double d -> json.writeNumber(d);
            case Float f -> json.writeNumber(f);
            case Long n -> json.writeNumber(n);
            case Integer n -> json.writeNumber(n);
            case Short n -> json.writeNumber(n);
            case Byte n -> json.writeNumber(n);
            case BigInteger n -> json.writeNumber(n);
            case Boolean b -> json.writeBoolean(b);
            case Date d -> json.writeString(d.toLocalDate().toString());
            case Timestamp t -> json.writeString(TIMESTAMP.format(t.toInstant().atZone(zone)));
            case byte[] bytes -> json.writeString(Base64.getEncoder().encodeToString(bytes));
            case Row struct -> writeStruct(json, struct, type instanceof StructType s ? s : struct.schema(), zone);
            case List<?> list -> {
                DataType element = type instanceof ArrayType a ? a.elementType() : null;
                json.writeStartArray();
                for (Object item : list) {
                    writeValue(json, item, element, zone);
                }
                json.writeEndArray();
            }
            case Map<?, ?> map -> {
                DataType valueType = type instanceof MapType m ? m.valueType() : null;
                json.writeStartObject();
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    json.writeFieldName(String.valueOf(e.getKey()));
                    writeValue(json, e.getValue(), valueType, zone);
                }
                json.writeEndObject();
            }
            default -> json.writeString(value.toString());
        }
    }
}
