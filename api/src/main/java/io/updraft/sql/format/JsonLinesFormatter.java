package io.updraft.sql.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * One JSON object per row and line, as Spark's {@code Dataset.toJSON}, written by Jackson: fields in column order,
 * null fields left out, numbers and booleans bare (decimals in plain notation; NaN and infinities as strings),
 * strings and dates ({@code "yyyy-MM-dd"}) quoted, timestamps as Spark's JSON default
 * {@code "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"} in the session time zone, arrays as JSON arrays (null elements as
 * {@code null}).
 */
public final class JsonLinesFormatter implements ResultFormatter {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    @Override
    public void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out) {
        String[] names = schema.fieldNames();
        StringWriter line = new StringWriter();
        for (Row row : rows) {
            line.getBuffer().setLength(0);
            try (JsonGenerator json = JSON.createGenerator(line)) {
                json.writeStartObject();
                for (int i = 0; i < names.length; i++) {
                    Object value = i < row.size() ? row.get(i) : null;
                    if (value != null) {
                        json.writeFieldName(names[i]);
                        writeValue(json, value, zone);
                    }
                }
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.print(line.append('\n'));
        }
        out.flush();
    }

    private static void writeValue(JsonGenerator json, Object value, ZoneId zone) throws IOException {
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
            case List<?> list -> {
                json.writeStartArray();
                for (Object element : list) {
                    writeValue(json, element, zone);
                }
                json.writeEndArray();
            }
            default -> json.writeString(value.toString());
        }
    }
}
