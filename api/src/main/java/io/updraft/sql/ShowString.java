package io.updraft.sql;

import io.updraft.core.value.DateTimes;
import io.updraft.core.value.Values;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of {@code Dataset.show()}, laid out as Spark's {@code showString}: a {@code +---+} rule,
 * the header, a rule, one line per row, a rule; columns at least 3 wide; with {@code truncate > 0} cells
 * longer than {@code truncate} are cut to {@code truncate - 3} characters plus "..." and everything is
 * right-aligned, with {@code truncate == 0} nothing is cut and everything is left-aligned. When there
 * are more rows than shown, the trailer "only showing top N rows" follows (no line break after it, as
 * Spark 4; {@code show()} prints the text with {@code println}). Cells are Spark's string casts:
 * null as "NULL" (as Spark 3.5+ prints it), decimals in plain notation with their scale, doubles as Java prints them, dates as
 * yyyy-MM-dd, timestamps as yyyy-MM-dd HH:mm:ss[.fraction] in the session time zone. Stateless.
 */
public final class ShowString {
    static final int DEFAULT_ROWS = 20;
    static final int DEFAULT_TRUNCATE = 20;
    private static final int MIN_WIDTH = 3;

    private ShowString() {
    }

    /**
     * Formats up to {@code numRows} of {@code rows}; more rows than {@code numRows} adds the trailer.
     *
     * @param truncate cut cells to this many characters when > 0 (and right-align); 0 keeps them whole
     * @param vertical one block per row, one line per column ("-RECORD i"), as {@code show(n, t, true)}
     */
    public static String format(StructType schema, List<Row> rows, int numRows, int truncate, boolean vertical,
                                ZoneId zone) {
        int n = Math.max(numRows, 0);
        boolean hasMoreData = rows.size() > n;
        List<Row> shown = rows.subList(0, Math.min(n, rows.size()));
        List<String[]> table = new ArrayList<>(shown.size() + 1);
        String[] header = new String[schema.size()];
        for (int c = 0; c < header.length; c++) {
            header[c] = escapeMetaCharacters(schema.get(c).name());
        }
        table.add(header);
        for (Row row : shown) {
            String[] cells = new String[schema.size()];
            for (int c = 0; c < cells.length; c++) {
                cells[c] = truncate(escapeMetaCharacters(cell(row.get(c), schema.get(c).dataType(), zone)), truncate);
            }
            table.add(cells);
        }
        StringBuilder sb = new StringBuilder();
        if (vertical) {
            vertical(table, sb);
        } else {
            horizontal(table, truncate, sb);
        }
        if (vertical && shown.isEmpty()) {
            sb.append("(0 rows)");
        } else if (hasMoreData) {
            sb.append("only showing top ").append(n).append(n == 1 ? " row" : " rows");
        }
        return sb.toString();
    }

    private static void horizontal(List<String[]> table, int truncate, StringBuilder sb) {
        int columns = table.get(0).length;
        int[] widths = new int[columns];
        for (int c = 0; c < columns; c++) {
            widths[c] = MIN_WIDTH;
            for (String[] row : table) {
                widths[c] = Math.max(widths[c], displayWidth(row[c]));
            }
        }
        StringBuilder rule = new StringBuilder("+");
        for (int w : widths) {
            rule.append("-".repeat(w)).append('+');
        }
        rule.append('\n');
        sb.append(rule);
        for (int r = 0; r < table.size(); r++) {
            sb.append('|');
            for (int c = 0; c < columns; c++) {
                String cell = table.get(r)[c];
                String padding = " ".repeat(widths[c] - displayWidth(cell));
                sb.append(truncate > 0 ? padding + cell : cell + padding).append('|');
            }
            sb.append('\n');
            if (r == 0) {
                sb.append(rule);
            }
        }
        sb.append(rule);
    }

    private static void vertical(List<String[]> table, StringBuilder sb) {
        String[] names = table.get(0);
        int nameWidth = MIN_WIDTH;
        for (String name : names) {
            nameWidth = Math.max(nameWidth, displayWidth(name));
        }
        int dataWidth = MIN_WIDTH;
        for (int r = 1; r < table.size(); r++) {
            for (String cell : table.get(r)) {
                dataWidth = Math.max(dataWidth, displayWidth(cell));
            }
        }
        for (int r = 1; r < table.size(); r++) {
            String head = "-RECORD " + (r - 1);
            sb.append(head).append("-".repeat(Math.max(0, nameWidth + dataWidth + 5 - head.length()))).append('\n');
            String[] row = table.get(r);
            for (int c = 0; c < row.length; c++) {
                sb.append(' ').append(names[c]).append(" ".repeat(nameWidth - displayWidth(names[c])))
                        .append(" | ").append(row[c]).append(" ".repeat(dataWidth - displayWidth(row[c])))
                        .append(" \n");
            }
        }
    }

    private static String truncate(String s, int truncate) {
        if (truncate <= 0 || s.length() <= truncate) {
            return s;
        }
        return truncate < 4 ? s.substring(0, truncate) : s.substring(0, truncate - 3) + "...";
    }

    /**
     * Spark's string cast of one value of type {@code type}; null is "NULL" (Spark 3.5+, SPARK-43063). An array
     * is {@code [e1, e2, ...]}, each element formatted the same way, a null element also "NULL" (Spark 4's
     * {@code ToPrettyString}, whose null string is "NULL" at every level; {@code cast(array as string)} would
     * print "null" inside arrays instead). A struct is {@code {v1, v2}}, a map {@code {k1 -> v1, k2 -> v2}}, a
     * binary its bytes in hex {@code [01 FF]} (Spark 4's pretty string), a float Java's float text.
     */
    public static String cell(Object value, DataType type, ZoneId zone) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof java.util.List<?> list) {
            DataType element = type instanceof io.updraft.sql.types.ArrayType a ? a.elementType() : null;
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(cell(list.get(i), element, zone));
            }
            return sb.append(']').toString();
        }
        if (value instanceof Row struct) {
            io.updraft.sql.types.StructType fields = type instanceof io.updraft.sql.types.StructType st ? st
                    : struct.schema();
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < struct.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(cell(struct.get(i), fields == null ? null : fields.get(i).dataType(), zone));
            }
            return sb.append('}').toString();
        }
        if (value instanceof java.util.Map<?, ?> map) {
            io.updraft.sql.types.MapType m = type instanceof io.updraft.sql.types.MapType mt ? mt : null;
            StringBuilder sb = new StringBuilder("{");
            boolean first = true;
            for (java.util.Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                sb.append(cell(e.getKey(), m == null ? null : m.keyType(), zone)).append(" -> ")
                        .append(cell(e.getValue(), m == null ? null : m.valueType(), zone));
            }
            return sb.append('}').toString();
        }
        if (value instanceof byte[] bytes) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < bytes.length; i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                sb.append(Character.toUpperCase(Character.forDigit((bytes[i] >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(bytes[i] & 0xf, 16)));
            }
            return sb.append(']').toString();
        }
        return switch (value) {
            case BigDecimal d -> d.toPlainString();
            case Double d -> Double.toString(d);
            case Float f -> Float.toString(f);
            case Timestamp t -> timestamp(t.toInstant(), zone);
            case Instant t -> timestamp(t, zone);
            case Date d -> d.toLocalDate().toString();
            case LocalDate d -> d.toString();
            case Integer days when type instanceof DateType -> LocalDate.ofEpochDay(days).toString();
            case Long micros when type instanceof TimestampType -> timestamp(Instant.EPOCH.plusNanos(
                    Math.multiplyExact(micros, 1000L)), zone);
            default -> value.toString();
        };
    }

    /** yyyy-MM-dd HH:mm:ss in {@code zone}, then the microseconds without trailing zeros (Spark's cast to string). */
    static String timestamp(Instant instant, ZoneId zone) {
        return DateTimes.formatTimestamp(Values.micros(instant), zone);
    }

    private static StringBuilder pad2(StringBuilder sb, int v) {
        return sb.append(v < 10 ? "0" : "").append(v);
    }

    /** Spark's {@code escapeMetaCharacters}: control characters shown as their escapes, not as layout. */
    static String escapeMetaCharacters(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            String escape = switch (ch) {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case '\f' -> "\\f";
                case '\b' -> "\\b";
                case '\u000B' -> "\\v";
                case '\u0007' -> "\\a";
                default -> null;
            };
            if (escape != null && sb == null) {
                sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (sb != null) {
                if (escape != null) {
                    sb.append(escape);
                } else {
                    sb.append(ch);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** Width on a terminal: string length, plus one for each full-width (East Asian wide) character. */
    static int displayWidth(String s) {
        int width = s.length();
        for (int i = 0; i < s.length(); i++) {
            if (isFullWidth(s.charAt(i))) {
                width++;
            }
        }
        return width;
    }

    private static boolean isFullWidth(char c) {
        return (c >= '\u1100' && c <= '\u115F') || (c >= '\u2E80' && c <= '\uA4CF')
                || (c >= '\uAC00' && c <= '\uD7A3') || (c >= '\uF900' && c <= '\uFAFF')
                || (c >= '\uFE10' && c <= '\uFE19') || (c >= '\uFE30' && c <= '\uFE6F')
                || (c >= '\uFF00' && c <= '\uFF60') || (c >= '\uFFE0' && c <= '\uFFE6');
    }

    /** {@code Dataset.toString}'s form, as Spark's: {@code [a: int, b: string ... 2 more fields]}. */
    static String summary(StructType schema) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < Math.min(2, schema.size()); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(schema.get(i).name()).append(": ").append(schema.get(i).dataType().simpleString());
        }
        int more = schema.size() - 2;
        if (more == 1) {
            sb.append(" ... 1 more field");
        } else if (more > 1) {
            sb.append(" ... ").append(more).append(" more fields");
        }
        return sb.append(']').toString();
    }
}
