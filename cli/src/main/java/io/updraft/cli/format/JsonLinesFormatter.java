package io.updraft.cli.format;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * One JSON object per row and line, as Spark's {@code Dataset.toJSON}: fields in column order, null fields
 * left out, numbers and booleans bare (decimals in plain notation; NaN and infinities as strings), strings
 * and dates ({@code "yyyy-MM-dd"}) quoted, timestamps as Spark's JSON default
 * {@code "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"} in the session time zone.
 */
public final class JsonLinesFormatter implements ResultFormatter {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");

    @Override
    public void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out) {
        String[] names = schema.fieldNames();
        StringBuilder line = new StringBuilder();
        for (Row row : rows) {
            line.setLength(0);
            line.append('{');
            boolean first = true;
            for (int i = 0; i < names.length; i++) {
                Object value = i < row.size() ? row.get(i) : null;
                if (value == null) {
                    continue;
                }
                if (!first) {
                    line.append(',');
                }
                first = false;
                appendString(line, names[i]).append(':');
                appendValue(line, value, zone);
            }
            out.print(line.append("}\n"));
        }
        out.flush();
    }

    private static void appendValue(StringBuilder sb, Object value, ZoneId zone) {
        switch (value) {
            case BigDecimal d -> sb.append(d.toPlainString());
            case Double d when d.isNaN() || d.isInfinite() -> appendString(sb, d.toString());
            case Float f when f.isNaN() || f.isInfinite() -> appendString(sb, f.toString());
            case Number n -> sb.append(n);
            case Boolean b -> sb.append(b);
            case Date d -> appendString(sb, d.toLocalDate().toString());
            case Timestamp t -> appendString(sb, TIMESTAMP.format(t.toInstant().atZone(zone)));
            default -> appendString(sb, value.toString());
        }
    }

    /** Appends {@code text} as a JSON string literal. */
    static StringBuilder appendString(StringBuilder sb, String text) {
        sb.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"');
    }
}
