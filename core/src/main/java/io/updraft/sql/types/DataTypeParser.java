package io.updraft.sql.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a SQL type name as {@link DataType#parse} documents it: the simple names, {@code decimal(p,s)},
 * {@code array<T>}, {@code map<K,V>} and {@code struct<name:T,...>} (field names bare or in backticks, a
 * doubled backtick for a backtick inside), each element, value or field type optionally followed by
 * {@code not null}. One instance per text; not thread-safe.
 */
public final class DataTypeParser {
    private final String text;
    private int at;

    private DataTypeParser(String text) {
        this.text = text;
    }

    public static DataType parse(String text) {
        DataTypeParser parser = new DataTypeParser(text);
        DataType type = parser.type();
        parser.skipSpaces();
        if (parser.at != text.length()) {
            throw parser.error("unexpected '" + text.substring(parser.at) + "'");
        }
        return type;
    }

    /** A type read from the front of a longer text, and where it ends. */
    record Prefix(DataType type, int end) {
    }

    /** Reads one type starting at {@code from} in {@code text}, leaving what follows to the caller (DDL schemas). */
    static Prefix parsePrefix(String text, int from) {
        DataTypeParser parser = new DataTypeParser(text);
        parser.at = from;
        DataType type = parser.type();
        return new Prefix(type, parser.at);
    }

    private DataType type() {
        skipSpaces();
        String name = word().toLowerCase(Locale.ROOT);
        switch (name) {
            case "array": {
                expect('<');
                DataType element = type();
                boolean containsNull = !notNull();
                expect('>');
                return new ArrayType(element, containsNull);
            }
            case "map": {
                expect('<');
                DataType key = type();
                notNull();
                expect(',');
                DataType value = type();
                boolean valueContainsNull = !notNull();
                expect('>');
                return new MapType(key, value, valueContainsNull);
            }
            case "struct": {
                expect('<');
                List<StructField> fields = new ArrayList<>();
                skipSpaces();
                if (peek() != '>') {
                    do {
                        String field = fieldName();
                        skipSpaces();
                        if (peek() == ':') {
                            at++;
                        }
                        DataType fieldType = type();
                        fields.add(new StructField(field, fieldType, !notNull()));
                    } while (accept(','));
                }
                expect('>');
                return new StructType(fields);
            }
            case "decimal": case "dec": case "numeric": {
                skipSpaces();
                if (!accept('(')) {
                    return DecimalType.SYSTEM_DEFAULT_USER;
                }
                int precision = number();
                int scale = accept(',') ? number() : 0;
                expect(')');
                return new DecimalType(precision, scale);
            }
            default:
        }
        DataType simple = simple(name);
        if (simple == null) {
            throw error("unknown type '" + name + "'");
        }
        return simple;
    }

    private static DataType simple(String name) {
        return switch (name) {
            case "boolean" -> DataTypes.BooleanType;
            case "tinyint", "byte" -> DataTypes.ByteType;
            case "smallint", "short" -> DataTypes.ShortType;
            case "int", "integer" -> DataTypes.IntegerType;
            case "bigint", "long" -> DataTypes.LongType;
            case "float", "real" -> DataTypes.FloatType;
            case "double" -> DataTypes.DoubleType;
            case "string", "varchar" -> DataTypes.StringType;
            case "binary" -> DataTypes.BinaryType;
            case "date" -> DataTypes.DateType;
            case "timestamp" -> DataTypes.TimestampType;
            case "void", "null" -> DataTypes.NullType;
            default -> null;
        };
    }

    /** Consumes an optional {@code not null}; true when it was there. */
    private boolean notNull() {
        skipSpaces();
        int mark = at;
        if (word().equalsIgnoreCase("not")) {
            skipSpaces();
            if (word().equalsIgnoreCase("null")) {
                return true;
            }
        }
        at = mark;
        return false;
    }

    private String fieldName() {
        skipSpaces();
        if (peek() != '`') {
            String name = word();
            if (name.isEmpty()) {
                throw error("expected a field name");
            }
            return name;
        }
        StringBuilder sb = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated `name`");
            }
            char c = text.charAt(at++);
            if (c == '`') {
                if (peek() != '`') {
                    return sb.toString();
                }
                at++;
            }
            sb.append(c);
        }
    }

    private String word() {
        int start = at;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) {
            at++;
        }
        return text.substring(start, at);
    }

    private int number() {
        skipSpaces();
        String digits = word();
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw error("expected a number, not '" + digits + "'");
        }
    }

    private boolean accept(char c) {
        skipSpaces();
        if (peek() == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private void skipSpaces() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("Unsupported data type '" + text + "' at position " + at + ": " + what
                + "; supported: boolean, tinyint, smallint, int, bigint, float, double, decimal(p,s), string, binary,"
                + " date, timestamp, array<T>, map<K,V>, struct<name:T,...>");
    }

    /** A field name as {@link StructType#jsonString()} writes it: in backticks, inner backticks doubled. */
    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
