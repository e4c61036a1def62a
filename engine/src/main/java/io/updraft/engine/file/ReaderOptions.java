package io.updraft.engine.file;

import io.updraft.core.error.UpdraftException;

import java.util.Locale;
import java.util.Map;

/** Typed access to a reader's options (keys lower-cased, as {@code FileFormat} keeps them), Spark's checks. */
public final class ReaderOptions {
    private ReaderOptions() {
    }

    public static String string(Map<String, String> options, String key, String defaultValue) {
        String v = options.get(key.toLowerCase(Locale.ROOT));
        return v == null ? defaultValue : v;
    }

    /** A boolean option: "true" or "false", case-insensitive, as Spark's {@code CSVOptions.getBool}. */
    public static boolean bool(Map<String, String> options, String key, boolean defaultValue) {
        String v = options.get(key.toLowerCase(Locale.ROOT));
        if (v == null) {
            return defaultValue;
        }
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw UpdraftException.user("INVALID_OPTION_VALUE", "42K06", key + " flag can be true or false, was '" + v
                + "'.");
    }

    /** A single-character option; "" means none (the NUL character, as Spark), longer values are errors. */
    public static char character(Map<String, String> options, String key, char defaultValue) {
        String v = options.get(key.toLowerCase(Locale.ROOT));
        if (v == null) {
            return defaultValue;
        }
        if (v.isEmpty()) {
            return '\u0000';
        }
        if (v.length() == 1) {
            return v.charAt(0);
        }
        if (v.length() == 2 && v.charAt(0) == '\\') {
            return unescape(v).charAt(0);
        }
        throw UpdraftException.user("INVALID_OPTION_VALUE", "42K06", "Option " + key + " must be a single character,"
                + " was '" + v + "'.");
    }

    /** Spark's delimiter escapes: {@code \t}, {@code \n}, {@code \r}, {@code \\}, {@code \u0001}. */
    public static String unescape(String text) {
        if (text.indexOf('\\') < 0) {
            return text;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                b.append(c);
                continue;
            }
            char n = text.charAt(++i);
            switch (n) {
                case 't' -> b.append('\t');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case '"' -> b.append('"');
                case '\'' -> b.append('\'');
                case '\\' -> b.append('\\');
                case 'u' -> {
                    if (i + 4 < text.length()) {
                        b.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                        i += 4;
                    } else {
                        b.append("\\u");
                    }
                }
                default -> b.append('\\').append(n);
            }
        }
        return b.toString();
    }
}
