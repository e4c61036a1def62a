package io.updraft.planner.sql;

/**
 * Spark's backslash escapes in string literals ({@code spark.sql.parser.escapedStringLiterals} = false, the
 * default): {@code \\} is one backslash, {@code \n \t \r \b \0 \Z} control characters, {@code \'} and
 * {@code \"} quotes, a backslash, u and four hex digits a UTF-16 unit, {@code \ooo} (three octal digits, the first 0 or 1) a character,
 * {@code \%} and {@code \_} stay as written (LIKE escapes), and a backslash before any other character is dropped.
 * Calcite's parser (character literal styles {@code BQ_SINGLE}/{@code BQ_DOUBLE}) already turned {@code \'} and
 * {@code \"} into the quote and leaves the rest as written, so this runs on Calcite's value. Stateless.
 */
final class SparkStringLiterals {
    private SparkStringLiterals() {
    }

    static String unescape(String text) {
        int first = text.indexOf('\\');
        if (first < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        out.append(text, 0, first);
        int i = first;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                out.append(c);
                i++;
                continue;
            }
            char next = text.charAt(i + 1);
            if (next == 'u' && i + 6 <= n && isHex(text, i + 2, i + 6)) {
                out.append((char) Integer.parseInt(text.substring(i + 2, i + 6), 16));
                i += 6;
                continue;
            }
            if ((next == '0' || next == '1') && i + 4 <= n && isOctal(text.charAt(i + 2)) && isOctal(text.charAt(i + 3))) {
                out.append((char) Integer.parseInt(text.substring(i + 1, i + 4), 8));
                i += 4;
                continue;
            }
            switch (next) {
                case '0' -> out.append('\u0000');
                case 'b' -> out.append('\b');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'Z' -> out.append('\u001A');
                case '%' -> out.append("\\%");
                case '_' -> out.append("\\_");
                default -> out.append(next); // \\ \' \" and any other character
            }
            i += 2;
        }
        return out.toString();
    }

    private static boolean isHex(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isOctal(char c) {
        return c >= '0' && c <= '7';
    }
}
