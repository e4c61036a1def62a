package io.updraft.sql.format;

import io.updraft.core.rows.JsonLines;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.List;

/**
 * One JSON object per row and line, as Spark's {@code Dataset.toJSON}: each line is core's {@link JsonLines} text
 * (the same code {@code Dataset.toJSON} runs in the tasks): fields in column order, null fields left out, numbers
 * and booleans bare (decimals in plain notation; NaN and infinities as strings), strings and dates
 * ({@code "yyyy-MM-dd"}) quoted, timestamps as Spark's JSON default {@code "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"} in the
 * session time zone, arrays as JSON arrays (null elements as {@code null}), structs and maps as objects, binaries
 * as base64.
 */
public final class JsonLinesFormatter implements ResultFormatter {
    @Override
    public void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out) {
        for (Row row : rows) {
            out.print(JsonLines.line(row, schema, zone) + "\n");
        }
        out.flush();
    }
}
