package io.updraft.function.run;

import io.updraft.sql.Row;
import io.updraft.sql.format.CsvFormatter;
import io.updraft.sql.format.JsonLinesFormatter;
import io.updraft.sql.format.ResultFormatter;
import io.updraft.sql.types.StructType;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.List;

/**
 * A result as the object the results bucket keeps: {@code json} = one JSON object per row and line (Spark's
 * {@code toJSON}, the api's {@link JsonLinesFormatter}), {@code csv} = RFC 4180 with a header (the api's
 * {@link CsvFormatter}) — the same formatters as {@code updraft sql --format}.
 */
public enum ResultEncoding {
    JSON("json", "application/x-ndjson", new JsonLinesFormatter()),
    CSV("csv", "text/csv", new CsvFormatter());

    private final String extension;
    private final String contentType;
    private final ResultFormatter formatter;

    ResultEncoding(String extension, String contentType, ResultFormatter formatter) {
        this.extension = extension;
        this.contentType = contentType;
        this.formatter = formatter;
    }

    public static ResultEncoding of(String format) {
        return "csv".equals(format) ? CSV : JSON;
    }

    public String extension() {
        return extension;
    }

    public String contentType() {
        return contentType;
    }

    public byte[] encode(StructType schema, List<Row> rows, ZoneId zone) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8)) {
            formatter.write(schema, rows, zone, print);
        }
        return out.toByteArray();
    }

    /** JSON lines as one JSON array (each line is an object). */
    public static String jsonArray(byte[] jsonLines) {
        String text = new String(jsonLines, StandardCharsets.UTF_8);
        return "[" + String.join(",", text.lines().filter(l -> !l.isEmpty()).toList()) + "]";
    }
}
