package io.updraft.engine.write;

import io.updraft.core.value.Casts;
import io.updraft.sql.types.DataType;

import java.time.ZoneId;

/**
 * Hive-style partition folders as Spark writes them: {@code column=value}, the value as Spark's cast to string,
 * escaped as {@code ExternalCatalogUtils.escapePathName} escapes it (control characters, {@code "#%'*\/:=?\}, DEL,
 * {@code {[]^} as {@code %XX}, upper-case hex); a null or empty value is {@value #DEFAULT_PARTITION}.
 */
public final class PartitionPaths {
    /** Hive's folder name for a null (or empty) partition value. */
    public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";
    private static final boolean[] ESCAPED = new boolean[128];

    static {
        for (char c = 1; c < 0x20; c++) {
            ESCAPED[c] = true;
        }
        for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
            ESCAPED[c] = true;
        }
    }

    private PartitionPaths() {
    }

    /** {@code name} escaped for a path segment. */
    public static String escape(String name) {
        StringBuilder out = null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 128 && ESCAPED[c]) {
                if (out == null) {
                    out = new StringBuilder(name.length() + 8).append(name, 0, i);
                }
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? name : out.toString();
    }

    /** The folder segment {@code column=value} of one partition value (internal form, or null). */
    public static String segment(String column, Object value, DataType type, ZoneId zone) {
        String text = value == null ? null : Casts.toText(value, type, zone);
        return escape(column) + "=" + (text == null || text.isEmpty() ? DEFAULT_PARTITION : escape(text));
    }
}
