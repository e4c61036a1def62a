package io.updraft.cli.format;

import io.updraft.sql.Row;
import io.updraft.sql.ShowString;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.List;

/**
 * RFC 4180: a header line with the column names, then one line per row, fields separated by commas,
 * lines ending in "\n". A field is quoted only when it contains a comma, a double quote, CR or LF, and
 * quotes inside are doubled; null is an empty field. Values are Spark's string casts
 * ({@link ShowString#cell}): decimals in plain notation, doubles as Java prints them, dates yyyy-MM-dd,
 * timestamps yyyy-MM-dd HH:mm:ss[.ffffff] (trailing zeros of the fraction dropped), booleans true/false.
 */
public final class CsvFormatter implements ResultFormatter {
    @Override
    public void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out) {
        StringBuilder line = new StringBuilder();
        String[] names = schema.fieldNames();
        for (int i = 0; i < names.length; i++) {
            appendField(line.append(i == 0 ? "" : ","), names[i]);
        }
        out.print(line.append('\n'));
        for (Row row : rows) {
            line.setLength(0);
            for (int i = 0; i < names.length; i++) {
                Object value = i < row.size() ? row.get(i) : null;
                if (i > 0) {
                    line.append(',');
                }
                if (value != null) {
                    appendField(line, ShowString.cell(value, schema.get(i).dataType(), zone));
                }
            }
            out.print(line.append('\n'));
        }
        out.flush();
    }

    /** Appends {@code text}, quoted when it holds a comma, a quote, CR or LF. */
    static StringBuilder appendField(StringBuilder sb, String text) {
        boolean quote = false;
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        if (!quote) {
            return sb.append(text);
        }
        sb.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            sb.append(c == '"' ? "\"\"" : String.valueOf(c));
        }
        return sb.append('"');
    }
}
