package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;
import io.updraft.planner.logical.LogicalPlan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Recognizes the commands Calcite's query grammar has no rule for, as Spark's grammar spells them: {@code CREATE
 * [OR REPLACE] [GLOBAL] TEMPORARY VIEW name AS query}; over files, {@code CREATE [OR REPLACE] [GLOBAL] TEMPORARY
 * VIEW name [(col type, ...)] USING fmt [OPTIONS (key [=] value, ...)]} (keys identifiers, dotted or quoted;
 * values string literals with Spark's escapes, numbers, true/false),
 * {@code DROP VIEW [IF EXISTS] name} and {@code INSERT OVERWRITE [LOCAL] DIRECTORY ['path'] USING fmt [OPTIONS
 * (...)] query} (the path is the string or the {@code path} option); on the session catalog's tables, {@code CREATE
 * TABLE [IF NOT EXISTS] name [(col type, ...)] [USING fmt] [OPTIONS (...)] [PARTITIONED BY (col, ...)] [LOCATION
 * 'path'] [[AS] query]} (the clauses in any order), {@code INSERT INTO|OVERWRITE [TABLE] name query}, {@code DROP
 * TABLE [IF EXISTS] name}, {@code SHOW TABLES [(FROM|IN) ns] [[LIKE] 'pattern']}, {@code DESCRIBE|DESC [TABLE] name
 * [column]}; and {@code SET [key[=value]]}, {@code SET TIME ZONE 'zone'|LOCAL}, {@code EXPLAIN [EXTENDED|FORMATTED|
 * CODEGEN|COST] query}. A query inside a command goes to the query parser with the command's head blanked out (same
 * length, line breaks kept), so its errors name positions in the whole text. Anything else is left to the query
 * parser (null). A statement that starts like one of these but does not follow it is a {@link ParseException}
 * naming the position and what was expected. Not thread-safe (one instance per text).
 */
final class CommandStatements {
    private static final List<String> EXPLAIN_MODES = List.of("EXTENDED", "FORMATTED", "CODEGEN", "COST");

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
            if (!replace && !global && p.word("TABLE")) {
                return p.createTable(query);
            }
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
                if (schema == null && p.word("AS")) {
                    return new SqlStatement.CreateTempViewAs(name, replace, global, p.rest(query));
                }
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
            boolean table = p.word("TABLE");
            if (!table && !p.word("VIEW")) {
                return null;
            }
            boolean ifExists = p.word("IF") && p.expectWord("EXISTS");
            String name = table ? p.tableName() : p.identifier();
            p.end();
            return table ? new SqlStatement.DropTable(name, ifExists) : new SqlStatement.DropView(name, ifExists);
        }
        if (p.word("INSERT")) {
            boolean overwrite = p.word("OVERWRITE");
            if (!overwrite) {
                p.expectWord("INTO");
            }
            if (overwrite && (p.word("LOCAL") || p.word("DIRECTORY"))) {
                p.pos = start;
                return p.insertDirectory(query);
            }
            p.word("TABLE");
            String table = p.tableName();
            p.space();
            if (p.peek() == '(' && !p.startsQuery()) {
                throw p.unsupported("INSERT with a column list");
            }
            if (p.word("PARTITION")) {
                throw p.unsupported("INSERT with a PARTITION clause");
            }
            if (p.word("BY")) {
                throw p.unsupported("INSERT BY NAME");
            }
            return new SqlStatement.InsertInto(table, overwrite, p.rest(query));
        }
        if (p.word("SET")) {
            return p.set();
        }
        if (p.word("EXPLAIN")) {
            String mode = "simple";
            for (String m : EXPLAIN_MODES) {
                if (p.word(m)) {
                    mode = m.toLowerCase(Locale.ROOT);
                    break;
                }
            }
            return new SqlStatement.Explain(mode, p.rest(query));
        }
        if (p.word("SHOW")) {
            p.expectWord("TABLES");
            String namespace = p.word("FROM") || p.word("IN") ? p.tableName() : null;
            boolean like = p.word("LIKE");
            p.space();
            String pattern = like || p.peek() == '\'' || p.peek() == '"' ? p.stringLiteral() : null;
            p.end();
            return new SqlStatement.ShowTables(namespace, pattern);
        }
        if (p.word("DESCRIBE") || p.word("DESC")) {
            int at = p.pos;
            for (String other : List.of("QUERY", "FUNCTION", "DATABASE", "SCHEMA", "CATALOG", "EXTENDED", "FORMATTED")) {
                if (p.word(other)) {
                    p.space();
                    if (p.pos < p.text.length() && p.peek() != ';') {
                        p.pos = at;
                        throw p.unsupported("DESCRIBE " + other);
                    }
                    p.pos = at;
                }
            }
            p.word("TABLE");
            String name = p.tableName();
            p.space();
            String column = p.pos < p.text.length() && p.peek() != ';' ? p.identifier() : null;
            p.end();
            return new SqlStatement.DescribeTable(name, column);
        }
        return null;
    }

    private SqlStatement createTable(Function<String, LogicalPlan> query) {
        boolean ifNotExists = word("IF") && expectWord("NOT") && expectWord("EXISTS");
        String name = tableName();
        space();
        String schema = null;
        if (peek() == '(') {
            schema = parenthesized();
        }
        String format = null;
        Map<String, String> options = new LinkedHashMap<>();
        List<String> partitions = List.of();
        String location = null;
        while (true) {
            if (word("USING")) {
                format = identifier();
            } else if (word("OPTIONS")) {
                options(options);
            } else if (word("PARTITIONED")) {
                expectWord("BY");
                partitions = names();
            } else if (word("LOCATION")) {
                location = stringLiteral();
            } else if (word("COMMENT") || word("TBLPROPERTIES") || word("CLUSTERED") || word("STORED")
                    || word("ROW")) {
                throw unsupported("CREATE TABLE with " + text.substring(lastWord, pos).toUpperCase(Locale.ROOT));
            } else {
                break;
            }
        }
        space();
        LogicalPlan plan = null;
        if (pos < text.length() && peek() != ';') {
            word("AS");
            plan = rest(query);
        } else {
            end();
        }
        if (schema != null && plan != null) {
            throw new ParseException("PARSE_SYNTAX_ERROR", "42601", "Operation not allowed: Schema may not be "
                    + "specified in a Create Table As Select (CTAS) statement.", 1, 1);
        }
        return new SqlStatement.CreateTable(name, ifNotExists, format, schema, options, partitions, location, plan);
    }

    private SqlStatement insertDirectory(Function<String, LogicalPlan> query) {
        expectWord("INSERT");
        expectWord("OVERWRITE");
        word("LOCAL");
        expectWord("DIRECTORY");
        space();
        String path = peek() == '\'' || peek() == '"' ? string() : null;
        if (!word("USING")) {
            throw error("USING format");
        }
        String format = identifier().toLowerCase(Locale.ROOT);
        Map<String, String> options = new LinkedHashMap<>();
        if (word("OPTIONS")) {
            options(options);
        }
        if (path == null) {
            path = options.remove("path");
        }
        if (path == null) {
            throw error("a directory: INSERT OVERWRITE DIRECTORY 'path' or OPTIONS (path '...')");
        }
        return new SqlStatement.InsertOverwriteDirectory(path, format, options, rest(query));
    }

    /** {@code SET}, {@code SET key}, {@code SET key = value} (the value is the rest, trimmed), {@code SET TIME ZONE}. */
    private SqlStatement set() {
        int afterSet = pos;
        if (word("TIME") && word("ZONE")) {
            space();
            String zone;
            if (word("LOCAL")) {
                zone = java.time.ZoneId.systemDefault().getId();
            } else {
                zone = stringLiteral();
            }
            end();
            return new SqlStatement.SetConfig(SQL_TIME_ZONE, zone);
        }
        pos = afterSet;
        String rest = text.substring(pos).strip();
        while (rest.endsWith(";")) {
            rest = rest.substring(0, rest.length() - 1).strip();
        }
        if (rest.isEmpty()) {
            return new SqlStatement.SetConfig(null, null);
        }
        if (rest.startsWith("-v")) {
            throw unsupported("SET -v");
        }
        int eq = rest.indexOf('=');
        String key = (eq < 0 ? rest : rest.substring(0, eq)).strip();
        if (key.isEmpty()) {
            space();
            throw error("a setting's key");
        }
        if (key.length() > 1 && key.startsWith("`") && key.endsWith("`")) {
            key = key.substring(1, key.length() - 1);
        }
        return new SqlStatement.SetConfig(key, eq < 0 ? null : rest.substring(eq + 1).strip());
    }

    /** Spark's session time zone key (SET TIME ZONE sets it). */
    private static final String SQL_TIME_ZONE = "spark.sql.session.timeZone";

    /** The rest of the text as a query, the text before it blanked so positions stay those of the whole text. */
    private LogicalPlan rest(Function<String, LogicalPlan> query) {
        space();
        if (pos >= text.length() || peek() == ';') {
            throw error("a query");
        }
        StringBuilder blanked = new StringBuilder(text.length());
        for (int i = 0; i < pos; i++) {
            char c = text.charAt(i);
            blanked.append(c == '\n' || c == '\r' ? c : ' ');
        }
        return query.apply(blanked.append(text, pos, text.length()).toString());
    }

    /** Whether the text at the position starts a parenthesized query, {@code (SELECT ...} or {@code (WITH ...}. */
    private boolean startsQuery() {
        int save = pos;
        pos++;
        boolean query = word("SELECT") || word("WITH") || word("FROM") || word("VALUES") || peekAfterSpace() == '(';
        pos = save;
        return query;
    }

    private char peekAfterSpace() {
        space();
        return peek();
    }

    /** A parenthesized list of names, {@code (a, b)}. */
    private List<String> names() {
        expect('(');
        List<String> out = new java.util.ArrayList<>();
        while (true) {
            out.add(identifier());
            space();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect(')');
            return out;
        }
    }

    /** A name of one or more dotted parts, {@code t}, {@code default.t}, {@code `spark_catalog`.default.t}. */
    private String tableName() {
        StringBuilder name = new StringBuilder(identifier());
        while (peek() == '.') {
            pos++;
            name.append('.').append(identifier());
        }
        return name.toString();
    }

    private String stringLiteral() {
        space();
        if (peek() != '\'' && peek() != '"') {
            throw error("a string literal");
        }
        return string();
    }

    private io.updraft.core.error.AnalysisException unsupported(String what) {
        int[] lc = lineAndColumn();
        return new io.updraft.core.error.AnalysisException("UNSUPPORTED_FEATURE", "0A000",
                "The feature is not supported: " + what + " (line " + lc[0] + ", column " + lc[1] + ").");
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

    private int lastWord;

    private boolean word(String w) {
        space();
        lastWord = pos;
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

    /** Skips blanks and comments ({@code -- ...} to the end of the line, {@code /* ... *}{@code /}). */
    private void space() {
        while (pos < text.length()) {
            if (Character.isWhitespace(text.charAt(pos))) {
                pos++;
            } else if (text.startsWith("--", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (text.startsWith("/*", pos) && !text.startsWith("/*+", pos)) {
                int end = text.indexOf("*/", pos + 2);
                pos = end < 0 ? text.length() : end + 2;
            } else {
                return;
            }
        }
    }

    private int[] lineAndColumn() {
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
        return new int[] {line, column};
    }

    private ParseException error(String expected) {
        int[] lc = lineAndColumn();
        int line = lc[0];
        int column = lc[1];
        String found = pos >= text.length() ? "end of input" : "'" + text.charAt(pos) + "'";
        return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error at line " + line + ", column "
                + column + ": expected " + expected + ", found " + found + ".", line, column);
    }
}
