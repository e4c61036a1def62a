package io.updraft.planner.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A SQL script cut into its statements at the semicolons that are not inside a string literal ({@code '...'},
 * {@code "..."}, backslash escapes), a back-quoted name or a comment ({@code -- ...} to the end of the line,
 * {@code /* ... *}{@code /}, nested as Spark allows), as Spark's {@code spark-sql} splits {@code -f} files.
 * Statements holding only blanks and comments are dropped. Each statement knows where it starts in the script,
 * and {@link Statement#positioned()} is its text with everything before it blanked out (line breaks kept), so a
 * parser's line and column in it are the script's. Stateless.
 */
public final class SqlScript {
    private SqlScript() {
    }

    /**
     * One statement of a script: its text (without the ending semicolon), its offset in the script and the
     * 1-based line and column where its first character that is not a blank or a comment is.
     */
    public record Statement(String script, int offset, int end, int line, int column) {
        public Statement {
            Objects.requireNonNull(script, "script is null");
        }

        /** The statement's own text. */
        public String text() {
            return script.substring(offset, end);
        }

        /** The script up to the statement's end, everything before the statement blanked (line breaks kept). */
        public String positioned() {
            StringBuilder b = new StringBuilder(end);
            for (int i = 0; i < offset; i++) {
                char c = script.charAt(i);
                b.append(c == '\n' || c == '\r' ? c : ' ');
            }
            return b.append(script, offset, end).toString();
        }
    }

    /** The statements of {@code script}, in order. */
    public static List<Statement> split(String script) {
        Objects.requireNonNull(script, "script is null");
        List<Statement> out = new ArrayList<>();
        int start = 0;
        int first = -1;   // offset of the statement's first significant character
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-') {
                while (i < n && script.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
                int depth = 0;
                while (i < n) {
                    if (script.startsWith("/*", i)) {
                        depth++;
                        i += 2;
                    } else if (script.startsWith("*/", i)) {
                        depth--;
                        i += 2;
                        if (depth == 0) {
                            break;
                        }
                    } else {
                        i++;
                    }
                }
                continue;
            }
            if (c == ';') {
                if (first >= 0) {
                    out.add(statement(script, start, i, first));
                }
                start = i + 1;
                first = -1;
                i++;
                continue;
            }
            if (!Character.isWhitespace(c) && first < 0) {
                first = i;
            }
            if (c == '\'' || c == '"' || c == '`') {
                i++;
                while (i < n && script.charAt(i) != c) {
                    if (c != '`' && script.charAt(i) == '\\' && i + 1 < n) {
                        i++;
                    }
                    i++;
                }
            }
            i++;
        }
        if (first >= 0) {
            out.add(statement(script, start, n, first));
        }
        return out;
    }

    private static Statement statement(String script, int start, int end, int first) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < first; i++) {
            if (script.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new Statement(script, start, end, line, column);
    }
}
