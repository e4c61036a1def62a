package io.updraft;

import io.updraft.sql.Option;
import io.updraft.sql.Tuple2;

import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spark's {@code SparkConf} as a Dataset job uses it: string settings to hand to
 * {@code SparkSession.builder().config(conf)}, and the copy of a running session's settings that
 * {@link SparkContext#getConf()} returns (changing that copy changes nothing, as in Spark). It only holds values;
 * the session reads and checks them when it is built ({@code UpdraftSession.Builder.config(key, value)}), so the
 * settings still live in one place, the session's {@code RuntimeConfig}. {@code new SparkConf()} starts from the
 * JVM's {@code spark.*} system properties, as Spark's. Thread-safe.
 */
public final class SparkConf implements Cloneable, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<String, String> settings = new ConcurrentHashMap<>();

    /** Spark's {@code new SparkConf()}: the JVM's {@code spark.*} system properties. */
    public SparkConf() {
        this(true);
    }

    /** {@code loadDefaults}: whether to start from the JVM's {@code spark.*} system properties. */
    public SparkConf(boolean loadDefaults) {
        if (loadDefaults) {
            java.util.Properties system = System.getProperties();
            for (String key : system.stringPropertyNames()) {
                if (key.startsWith("spark.")) {
                    settings.put(key, system.getProperty(key));
                }
            }
        }
    }

    /** Spark's message for a null key or value: "null key", "null value for k". */
    public SparkConf set(String key, String value) {
        if (key == null) {
            throw new NullPointerException("null key");
        }
        if (value == null) {
            throw new NullPointerException("null value for " + key);
        }
        settings.put(key, value);
        return this;
    }

    public SparkConf setAppName(String name) {
        return set("spark.app.name", name);
    }

    public SparkConf setMaster(String master) {
        return set("spark.master", master);
    }

    /** Every pair of {@code settings}, as Spark's {@code setAll}. */
    public SparkConf setAll(Iterable<Tuple2<String, String>> pairs) {
        for (Tuple2<String, String> pair : pairs) {
            set(pair._1(), pair._2());
        }
        return this;
    }

    /** Sets {@code key} when it has no value yet. */
    public SparkConf setIfMissing(String key, String value) {
        Objects.requireNonNull(value, "null value for " + key);
        settings.putIfAbsent(Objects.requireNonNull(key, "null key"), value);
        return this;
    }

    public SparkConf remove(String key) {
        settings.remove(key);
        return this;
    }

    /** The value; Spark's {@code NoSuchElementException} whose message is the key when absent. */
    public String get(String key) {
        String value = settings.get(key);
        if (value == null) {
            throw new NoSuchElementException(key);
        }
        return value;
    }

    public String get(String key, String defaultValue) {
        return settings.getOrDefault(key, defaultValue);
    }

    /** As Java sees Spark's {@code Option[String]} ({@code scala.Option} becomes {@code io.updraft.sql.Option}). */
    public Option<String> getOption(String key) {
        return Option.apply(settings.get(key));
    }

    /**
     * Every setting as Java sees Spark's {@code Array[(String, String)]} ({@code scala.Tuple2} becomes
     * {@code io.updraft.sql.Tuple2}), sorted by key (Spark's order is its hash map's).
     */
    @SuppressWarnings("unchecked")
    public Tuple2<String, String>[] getAll() {
        return new TreeMap<>(settings).entrySet().stream().map(e -> new Tuple2<>(e.getKey(), e.getValue()))
                .toArray(Tuple2[]::new);
    }

    public int getInt(String key, int defaultValue) {
        String value = settings.get(key);
        return value == null ? defaultValue : Integer.parseInt(value.trim());
    }

    public long getLong(String key, long defaultValue) {
        String value = settings.get(key);
        return value == null ? defaultValue : Long.parseLong(value.trim());
    }

    public double getDouble(String key, double defaultValue) {
        String value = settings.get(key);
        return value == null ? defaultValue : Double.parseDouble(value.trim());
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        String value = settings.get(key);
        return value == null ? defaultValue : Boolean.parseBoolean(value.trim());
    }

    public boolean contains(String key) {
        return settings.containsKey(key);
    }

    /** {@code spark.app.id}: set in the copy a running session's {@link SparkContext#getConf()} returns. */
    public String getAppId() {
        return get("spark.app.id");
    }

    /** An independent copy. */
    @Override
    public SparkConf clone() {
        SparkConf copy = new SparkConf(false);
        copy.settings.putAll(settings);
        return copy;
    }

    /** Every setting, one {@code key=value} line each, sorted by key (Spark's {@code toDebugString}). */
    public String toDebugString() {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(settings).forEach((k, v) -> text.append(text.isEmpty() ? "" : "\n").append(k).append('=')
                .append(v));
        return text.toString();
    }
}
