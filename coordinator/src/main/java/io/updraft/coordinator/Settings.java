package io.updraft.coordinator;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** Typed reads of string settings; a bad value is an {@link IllegalArgumentException} naming key and value. */
public final class Settings {
    private final Map<String, String> values;

    public Settings(Map<String, String> values) {
        this.values = Objects.requireNonNull(values, "values is null");
    }

    public String string(String key, String defaultValue) {
        String v = values.get(key);
        return v == null || v.isBlank() ? defaultValue : v.strip();
    }

    public int integer(String key, int defaultValue, int min) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("Setting " + key + " must be an integer >= " + min + ", was '" + v + "'");
    }

    /** A number of milliseconds, returned in nanoseconds. */
    public long millis(String key, long defaultNanos) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return defaultNanos;
        }
        try {
            long ms = Long.parseLong(v.strip());
            if (ms >= 0 && ms < Long.MAX_VALUE / 1_000_000) {
                return ms * 1_000_000;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("Setting " + key + " must be a number of milliseconds >= 0, was '" + v
                + "'");
    }

    public double decimal(String key, double defaultValue) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        try {
            double d = Double.parseDouble(v.strip());
            if (Double.isFinite(d) && d >= 0) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("Setting " + key + " must be a number >= 0, was '" + v + "'");
    }

    public boolean bool(String key, boolean defaultValue) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        return switch (v.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("Setting " + key + " must be true or false, was '" + v
                    + "'");
        };
    }
}
