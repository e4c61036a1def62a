package io.updraft.sql.format;

import java.util.List;

/**
 * The project's one CSV writer (RFC 4180): fields separated by commas, each line ending in {@code "\n"}; a field
 * is quoted only when it holds a comma, a double quote, CR or LF, with quotes inside doubled; null is an empty
 * field. Used by the benchmark report and the command line's {@code --format csv}.
 */
public final class Csv {
    private Csv() {
    }

    /** One line of {@code fields} (null fields empty), ending in a line feed. */
    public static String line(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            String field = fields.get(i);
            if (field != null) {
                appendField(line, field);
            }
        }
        return line.append('\n').toString();
    }

    /** Appends {@code text}, quoted when it holds a comma, a quote, CR or LF. */
    private static void appendField(StringBuilder sb, String text) {
        boolean quote = false;
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        if (!quote) {
            sb.append(text);
            return;
        }
        sb.append('"').append(text.replace("\"", "\"\"")).append('"');
    }
}
