package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The format of a file scan and its reader options: {@code parquet}, {@code csv}, {@code json} or {@code text}.
 * Option keys are case-insensitive, as Spark's data source options: they are kept lower-cased, and
 * {@link #option} looks a key up lower-cased. Immutable.
 */
public record FileFormat(String name, Map<String, String> options) {
    public static final FileFormat PARQUET = new FileFormat("parquet", Map.of());
    public static final String CSV = "csv";
    public static final String JSON = "json";
    public static final String TEXT = "text";

    public FileFormat {
        name = Objects.requireNonNull(name, "name is null").toLowerCase(Locale.ROOT);
        TreeMap<String, String> lower = new TreeMap<>();
        if (options != null) {
            options.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
        }
        options = java.util.Collections.unmodifiableMap(lower);
    }

    /** The option's value (key case-insensitive), or {@code defaultValue} when it is absent. */
    public String option(String key, String defaultValue) {
        String value = options.get(key.toLowerCase(Locale.ROOT));
        return value == null ? defaultValue : value;
    }

    @JsonIgnore
    public boolean isParquet() {
        return name.equals("parquet");
    }
}
