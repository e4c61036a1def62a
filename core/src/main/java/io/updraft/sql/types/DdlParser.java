package io.updraft.sql.types;

import io.updraft.core.error.ParseException;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses Spark's DDL schema strings ({@code "a INT, b STRING NOT NULL, c DECIMAL(10,2), d ARRAY<DATE>"}, names
 * optionally in back-quotes, an optional {@code COMMENT '...'} skipped), for {@link StructType#fromDDL} and
 * {@code read().schema(String)}. Each column's type is read by {@link DataTypeParser} (every type name Updraft has,
 * case-insensitive); a type it does not know is {@code UNSUPPORTED_DATATYPE} at its position. Not thread-safe (one
 * instance per string).
 */
final class DdlParser {
    private final String text;
    private int pos;

    private DdlParser(String text) {
        this.text = text;
    }

    static StructType schema(String ddl) {
        DdlParser p = new DdlParser(ddl);
        List<StructField> fields = new ArrayList<>();
        p.skipSpace();
        if (p.pos >= p.text.length()) {
            throw p.error("a column definition");
        }
        while (true) {
            String name = p.name();
            p.skipSpace();
            if (p.peek() == ':') {
                p.pos++;
            }
            DataType type = p.type();
            boolean nullable = true;
            p.skipSpace();
            if (p.keyword("NOT")) {
                if (!p.keyword("NULL")) {
                    throw p.error("NULL");
                }
                nullable = false;
            }
            if (p.keyword("COMMENT")) {
                p.quoted();
            }
            fields.add(new StructField(name, type, nullable));
            p.skipSpace();
            if (p.pos >= p.text.length()) {
                return new StructType(fields);
            }
            if (p.peek() != ',') {
                throw p.error("',' or the end of the schema");
            }
            p.pos++;
        }
    }

    private DataType type() {
        skipSpace();
        int start = pos;
        try {
            DataTypeParser.Prefix read = DataTypeParser.parsePrefix(text, pos);
            pos = read.end();
            return read.type();
        } catch (IllegalArgumentException e) {
            throw new ParseException("UNSUPPORTED_DATATYPE", "0A000", e.getMessage() + " (in the schema \"" + text
                    + "\")", 1, start + 1);
        }
    }

    private String name() {
        skipSpace();
        if (peek() == '`') {
            StringBuilder b = new StringBuilder();
            pos++;
            while (pos < text.length()) {
                char c = text.charAt(pos++);
                if (c == '`') {
                    if (peek() == '`') {
                        b.append('`');
                        pos++;
                        continue;
                    }
                    return b.toString();
                }
                b.append(c);
            }
            throw error("a closing '`'");
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (start == pos) {
            throw error("a column name");
        }
        return text.substring(start, pos);
    }

    private void quoted() {
        skipSpace();
        char quote = peek();
        if (quote != '\'' && quote != '"') {
            throw error("a quoted comment");
        }
        pos++;
        while (pos < text.length() && text.charAt(pos) != quote) {
            pos += text.charAt(pos) == '\\' ? 2 : 1;
        }
        if (pos >= text.length()) {
            throw error("the end of the comment");
        }
        pos++;
    }

    private boolean keyword(String word) {
        skipSpace();
        int end = pos + word.length();
        if (end <= text.length() && text.substring(pos, end).equalsIgnoreCase(word)
                && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
            pos = end;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        skipSpace();
        if (peek() != c) {
            throw error("'" + c + "'");
        }
        pos++;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private ParseException error(String expected) {
        String found = pos >= text.length() ? "end of input" : "'" + text.charAt(pos) + "'";
        return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error in the schema \"" + text
                + "\" at position " + pos + ": expected " + expected + ", found " + found + ".", 1, pos + 1);
    }
}
