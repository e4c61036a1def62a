package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spark's {@code INSERT OVERWRITE [LOCAL] DIRECTORY ['path'] USING format [OPTIONS (key [=] 'value', ...)] query}:
 * the head is read here (Calcite has no such statement), the query after it goes through {@link SqlFrontEnd}.
 * The path is the quoted string or the {@code path} option. {@code queryOffset} is where the query starts in the
 * statement text (for its error positions). Immutable.
 */
public record InsertDirectoryStatement(String path, String format, Map<String, String> options, String query,
                                       int queryOffset) {
    private static final Pattern HEAD = Pattern.compile(
            "^\\s*INSERT\\s+OVERWRITE\\s+(?:LOCAL\\s+)?DIRECTORY\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern PATH = Pattern.compile("\\G\\s*('(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\")");
    private static final Pattern USING = Pattern.compile("\\G\\s*USING\\s+([A-Za-z_][A-Za-z0-9_.]*)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern OPTIONS = Pattern.compile("\\G\\s*OPTIONS\\s*\\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern OPTION = Pattern.compile(
            "\\G\\s*([A-Za-z_][A-Za-z0-9_.]*|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`)\\s*=?\\s*('(?:[^'\\\\]|\\\\.)*'|"
                    + "\"(?:[^\"\\\\]|\\\\.)*\"|[A-Za-z0-9_.+-]+)\\s*([,)])");

    /** The statement, when {@code sql} is one; empty for any other text. */
    public static Optional<InsertDirectoryStatement> parse(String sql) {
        Matcher head = HEAD.matcher(sql);
        if (!head.find()) {
            return Optional.empty();
        }
        int at = head.end();
        String path = null;
        Matcher p = PATH.matcher(sql);
        if (p.find(at)) {
            path = unquote(p.group(1));
            at = p.end();
        }
        Matcher using = USING.matcher(sql);
        if (!using.find(at)) {
            throw error(sql, at, "USING format");
        }
        String format = using.group(1).toLowerCase(Locale.ROOT);
        at = using.end();
        Map<String, String> options = new LinkedHashMap<>();
        Matcher o = OPTIONS.matcher(sql);
        if (o.find(at)) {
            at = o.end();
            Matcher option = OPTION.matcher(sql);
            while (true) {
                if (!option.find(at)) {
                    throw error(sql, at, "an option key and value");
                }
                options.put(unquote(option.group(1)), unquote(option.group(2)));
                at = option.end();
                if (option.group(3).equals(")")) {
                    break;
                }
            }
        }
        if (path == null) {
            path = options.remove("path");
        }
        if (path == null) {
            throw new ParseException("Expected a directory: INSERT OVERWRITE DIRECTORY 'path' or OPTIONS (path "
                    + "'...')", 1, 1);
        }
        return Optional.of(new InsertDirectoryStatement(path, format, options, sql.substring(at), at));
    }

    private static String unquote(String token) {
        char first = token.charAt(0);
        if (first == '`') {
            return token.substring(1, token.length() - 1);
        }
        if (first != '\'' && first != '"') {
            return token;
        }
        return SparkStringLiterals.unescape(token.substring(1, token.length() - 1));
    }

    private static ParseException error(String sql, int at, String expected) {
        int line = 1;
        int column = 1;
        while (at < sql.length() && Character.isWhitespace(sql.charAt(at))) {
            at++;
        }
        for (int i = 0; i < at; i++) {
            if (sql.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        String word = sql.substring(at).split("\\s+", 2)[0];
        return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error at or near '" + word + "': expected "
                + expected + ".", line, column);
    }
}
