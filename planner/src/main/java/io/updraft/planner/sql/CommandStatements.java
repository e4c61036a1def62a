package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;
import io.updraft.planner.logical.LogicalPlan;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Recognizes the commands over files that Calcite's query grammar has no rule for, as Spark's grammar spells
 * them: {@code CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW name [(col type, ...)] USING fmt [OPTIONS (key [=]
 * value, ...)]} (keys identifiers, dotted or quoted; values string literals with Spark's escapes, numbers,
 * true/false), {@code DROP VIEW [IF EXISTS] name} and {@code INSERT OVERWRITE [LOCAL] DIRECTORY ['path'] USING fmt
 * [OPTIONS (...)] query} (the path is the string or the {@code path} option; the query after the head goes to the
 * query parser). Anything else is left to the query parser (null). A statement that starts like one of these but
 * does not follow it is a {@link ParseException} naming the position and what was expected. Not thread-safe (one
 * instance per text).
 */
final class CommandStatements {
    private final String text;
    private int pos;

    private CommandStatements(String text) {
        this.text = text;
    }

    /** The statement {@code sql} is, or null when it is not one of these; {@code query} parses a query's text. */
    static SqlStatement recognize(String sql, Function<String, LogicalPlan> query) {
        CommandStatements p = new CommandStatements(sql);
        p.space();
        int start = p.pos;
        if (p.word("CREATE")) {
            boolean replace = p.word("OR") && p.expectWord("REPLACE");
            boolean global = p.word("GLOBAL");
            if (!p.word("TEMPORARY") && !p.word("TEMP")) {
                p.pos = start;
                return null;
            }
            p.expectWord("VIEW");
            String name = p.identifier();
            p.space();
            String schema = null;
            if (p.peek() == '(') {
                schema = p.parenthesized();
            }
            if (!p.word("USING")) {
                p.pos = start;
                return null;
            }
            String format = p.identifier();
            Map<String, String> options = new LinkedHashMap<>();
            if (p.word("OPTIONS")) {
                p.options(options);
            }
            p.end();
            return new SqlStatement.CreateTempViewUsing(name, replace, global, format, schema, options);
        }
        if (p.word("DROP")) {
            if (!p.word("VIEW")) {
                return null;
            }
            boolean ifExists = p.word("IF") && p.expectWord("EXISTS");
            String name = p.identifier();
            p.end();
            return new SqlStatement.DropView(name, ifExists);
        }
        if (p.word("INSERT")) {
            boolean overwrite = p.word("OVERWRITE");
            p.word("LOCAL");
            if (!overwrite || !p.word("DIRECTORY")) {
                p.pos = start;
                return null;
            }
            p.space();
            String path = p.peek() == '\'' || p.peek() == '"' ? p.string() : null;
            if (!p.word("USING")) {
                throw p.error("USING format");
            }
            String format = p.identifier().toLowerCase(Locale.ROOT);
            Map<String, String> options = new LinkedHashMap<>();
            if (p.word("OPTIONS")) {
                p.options(options);
            }
            if (path == null) {
                path = options.remove("path");
            }
            if (path == null) {
                throw p.error("a directory: INSERT OVERWRITE DIRECTORY 'path' or OPTIONS (path '...')");
            }
            return new SqlStatement.InsertOverwriteDirectory(path, format, options, query.apply(sql.substring(p.pos)));
        }
        return null;
    }

    private void options(Map<String, String> out) {
        space();
        expect('(');
        while (true) {
            space();
            String key;
            if (peek() == '\'' || peek() == '"') {
                key = string();
            } else {
                StringBuilder k = new StringBuilder(identifier());
                while (peek() == '.') {
                    pos++;
                    k.append('.').append(identifier());
                }
                key = k.toString();
            }
            space();
            if (peek() == '=') {
                pos++;
                space();
            }
            String value;
            if (peek() == '\'' || peek() == '"') {
                value = string();
            } else {
                int s = pos;
                while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || "+-._".indexOf(text.charAt(pos)) >= 0)) {
                    pos++;
                }
                if (s == pos) {
                    throw error("an option value");
                }
                value = text.substring(s, pos);
            }
            out.put(key, value);
            space();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect(')');
            return;
        }
    }

    private String string() {
        char quote = text.charAt(pos++);
        StringBuilder b = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '\\' && pos < text.length()) {
                b.append(c).append(text.charAt(pos++));
                continue;
            }
            if (c == quote) {
                return SparkStringLiterals.unescape(b.toString());
            }
            b.append(c);
        }
        throw error("the end of the string literal");
    }

    private String parenthesized() {
        int depth = 0;
        int s = pos + 1;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return text.substring(s, pos - 1).strip();
            }
        }
        throw error("')'");
    }

    private String identifier() {
        space();
        if (peek() == '`') {
            int end = text.indexOf('`', pos + 1);
            if (end < 0) {
                throw error("a closing '`'");
            }
            String name = text.substring(pos + 1, end);
            pos = end + 1;
            return name;
        }
        int s = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (s == pos) {
            throw error("a name");
        }
        return text.substring(s, pos);
    }

    private boolean word(String w) {
        space();
        int end = pos + w.length();
        if (end <= text.length() && text.substring(pos, end).equalsIgnoreCase(w)
                && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)) && text.charAt(end) != '_')) {
            pos = end;
            return true;
        }
        return false;
    }

    private boolean expectWord(String w) {
        if (!word(w)) {
            throw error(w.toUpperCase(Locale.ROOT));
        }
        return true;
    }

    private void expect(char c) {
        space();
        if (peek() != c) {
            throw error("'" + c + "'");
        }
        pos++;
    }

    private void end() {
        space();
        while (peek() == ';') {
            pos++;
            space();
        }
        if (pos < text.length()) {
            throw error("the end of the statement");
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private ParseException error(String expected) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        String found = pos >= text.length() ? "end of input" : "'" + text.charAt(pos) + "'";
        return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error at line " + line + ", column "
                + column + ": expected " + expected + ", found " + found + ".", line, column);
    }
}
