package io.updraft.sql.format;

import io.updraft.engine.csv.CsvOptions;
import io.updraft.engine.csv.CsvRecordWriter;
import io.updraft.sql.Row;
import io.updraft.sql.ShowString;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.Map;

/**
 * A result as CSV through the project's one CSV writer, the engine's {@link CsvRecordWriter} (the one behind
 * {@code write().csv(...)}), with the options {@link #OPTIONS}: a header line, then one line per row; fields quoted
 * only when they hold a comma, a quote, CR or LF, quotes doubled (RFC 4180: Spark's {@code escape '"'}); null an
 * empty field, the empty string {@code ""}; strings kept as they are (not trimmed). Values are Spark's string casts
 * ({@link ShowString#cell}, as {@code show()}): decimals in plain notation, doubles as Java prints them, dates
 * yyyy-MM-dd, timestamps yyyy-MM-dd HH:mm:ss[.ffffff] (trailing zeros of the fraction dropped), booleans true/false.
 */
public final class CsvFormatter implements ResultFormatter {
    /** The CSV writer's options for a result: Spark's option names and meanings. */
    public static final Map<String, String> OPTIONS = Map.of("header", "true", "escape", "\"",
            "ignoreLeadingWhiteSpace", "false", "ignoreTrailingWhiteSpace", "false");
    private static final CsvOptions CSV = CsvOptions.of(OPTIONS);

    @Override
    public void write(StructType schema, java.util.List<Row> rows, ZoneId zone, PrintStream out) {
        String[] names = schema.fieldNames();
        CsvRecordWriter csv = new CsvRecordWriter(out, CSV);
        try {
            for (String name : names) {
                csv.field(name, false);
            }
            csv.endRecord();
            for (Row row : rows) {
                for (int i = 0; i < names.length; i++) {
                    Object value = i < row.size() ? row.get(i) : null;
                    csv.field(value == null ? null : ShowString.cell(value, schema.get(i).dataType(), zone),
                            schema.get(i).dataType() instanceof StringType);
                }
                csv.endRecord();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }
}
