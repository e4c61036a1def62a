package io.updraft.sql.types;

import io.updraft.core.error.ParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses Spark's DDL schema strings ({@code "a INT, b STRING NOT NULL, c DECIMAL(10,2), d ARRAY<DATE>"}, names
 * optionally in back-quotes, an optional {@code COMMENT '...'} skipped) and single type names, for
 * {@link StructType#fromDDL} and {@code read().schema(String)}. Type names as Spark spells them, case-insensitive:
 * boolean, int/integer, bigint/long, double, decimal/dec/numeric[(p[,s])], string, date, timestamp, array&lt;t&gt;.
 * A type Updraft lacks (tinyint, smallint, float, binary, map, struct...) is a parse error naming it. Not
 * thread-safe (one instance per string).
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

    static DataType dataType(String ddl) {
        DdlParser p = new DdlParser(ddl);
        DataType type = p.type();
        p.skipSpace();
        if (p.pos < p.text.length()) {
            throw p.error("the end of the type");
        }
        return type;
    }

    private DataType type() {
        skipSpace();
        int start = pos;
        while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
            pos++;
        }
        String word = text.substring(start, pos).toLowerCase(Locale.ROOT);
        return switch (word) {
            case "boolean" -> DataTypes.BooleanType;
            case "int", "integer" -> DataTypes.IntegerType;
            case "bigint", "long" -> DataTypes.LongType;
            case "double" -> DataTypes.DoubleType;
            case "string" -> DataTypes.StringType;
            case "date" -> DataTypes.DateType;
            case "timestamp" -> DataTypes.TimestampType;
            case "decimal", "dec", "numeric" -> decimal();
            case "array" -> {
                expect('<');
                DataType element = type();
                expect('>');
                yield DataTypes.createArrayType(element);
            }
            case "" -> throw error("a data type");
            default -> throw new ParseException("UNSUPPORTED_DATATYPE", "0A000", "Unsupported data type \""
                    + word.toUpperCase(Locale.ROOT) + "\" in the schema \"" + text + "\": Updraft has boolean, int, "
                    + "bigint, double, decimal, string, date, timestamp and array.", 1, start + 1);
        };
    }

    private DataType decimal() {
        skipSpace();
        if (peek() != '(') {
            return DecimalType.SYSTEM_DEFAULT_USER;
        }
        pos++;
        int precision = number();
        int scale = 0;
        skipSpace();
        if (peek() == ',') {
            pos++;
            scale = number();
        }
        expect(')');
        try {
            return DataTypes.createDecimalType(precision, scale);
        } catch (IllegalArgumentException e) {
            throw new ParseException("Invalid decimal(" + precision + "," + scale + ") in the schema \"" + text
                    + "\": " + e.getMessage(), 1, pos);
        }
    }

    private int number() {
        skipSpace();
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw error("a number");
        }
        try {
            return Integer.parseInt(text.substring(start, pos));
        } catch (NumberFormatException e) {
            throw error("a smaller number");
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
