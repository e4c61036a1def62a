package io.updraft.sql;

import io.updraft.core.conf.SqlConf;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.value.DateTimes;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session's settings, as Spark's {@code spark.conf()}: string keys and values. Keys with meaning
 * today: {@value #TIME_ZONE} (the zone timestamps are read, shown and split into fields in; default
 * the JVM's zone, as Spark), {@value #MAX_PARTITION_BYTES} (the scan
 * split cap; default 128 MiB; accepts "64m", "1g", "1048576"), {@value #OPEN_COST_BYTES} (what opening a file
 * counts when small Parquet files are packed into scan tasks, as Spark; default 4 MiB), {@value #SHOW_PROGRESS} (per-stage
 * progress lines on stderr; default true), {@value #SHUFFLE_PARTITIONS} (partitions of hash and range exchanges;
 * default: the planner's, 2 × the task slots and at least 4), {@value #AUTO_BROADCAST_JOIN_THRESHOLD} (a join side
 * estimated at most this size is broadcast; default 10 MiB; -1 disables), {@value #PIVOT_MAX_VALUES} (how many
 * distinct values {@code pivot(column)} accepts; default 10000), {@value #NESTED_SCHEMA_PRUNING} (Parquet scans read
 * only the struct fields a query uses; default true, as Spark), {@value #EXCHANGE_REUSE} (a stage equal to one the
 * job already has is read again, not computed again; default true, as Spark), {@value #SEMI_JOIN_REDUCTION} (an aggregate joined on
 * its grouping keys with a small filtered side reads only the rows of those keys; default true), {@value #LOG_LEVEL} (Spark's log levels, any case;
 * WARN, ERROR, FATAL and OFF turn the progress lines off). Values are validated when set. Thread-safe.
 */
public final class RuntimeConfig {
    public static final String TIME_ZONE = SqlConf.SESSION_TIME_ZONE;
    public static final String MAX_PARTITION_BYTES = "spark.sql.files.maxPartitionBytes";
    public static final String OPEN_COST_BYTES = "spark.sql.files.openCostInBytes";
    public static final String SHOW_PROGRESS = "spark.ui.showConsoleProgress";
    public static final String MASTER = "spark.master";
    public static final String APP_NAME = "spark.app.name";
    public static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
    public static final String AUTO_BROADCAST_JOIN_THRESHOLD = "spark.sql.autoBroadcastJoinThreshold";
    public static final String PIVOT_MAX_VALUES = "spark.sql.pivotMaxValues";
    /** Spark's nested schema pruning: Parquet scans read only the struct fields a query uses. */
    public static final String NESTED_SCHEMA_PRUNING = "spark.sql.optimizer.nestedSchemaPruning.enabled";
    /** Spark's exchange reuse: equal stages of a job (a view read twice) are computed once. */
    public static final String EXCHANGE_REUSE = "spark.sql.exchange.reuse";
    /**
     * Updraft's semi-join reduction of aggregates (Spark has no such rule): a grouped aggregate joined on its grouping
     * keys with a small filtered side first semi joins its input with those keys (planner's
     * {@code ReduceAggregateInputBySemiJoin}).
     */
    public static final String SEMI_JOIN_REDUCTION = "updraft.sql.optimizer.semiJoinReduction.enabled";
    /** Spark's {@code spark.app.id} and {@code spark.app.startTime}, set by the session when it starts. */
    public static final String APP_ID = "spark.app.id";
    public static final String APP_START_TIME = "spark.app.startTime";
    /**
     * Spark's {@code spark.checkpoint.dir}: read when the session starts (a builder setting, as Spark reads it
     * when its context starts); {@code sparkContext().setCheckpointDir} changes the directory later.
     */
    public static final String CHECKPOINT_DIR = "spark.checkpoint.dir";
    /** Spark's {@code spark.log.level}, what {@code sparkContext().setLogLevel} sets. */
    public static final String LOG_LEVEL = "spark.log.level";
    /** Spark's {@code SparkContext.VALID_LOG_LEVELS}, in the order Spark 4.2's message lists them. */
    private static final List<String> LOG_LEVELS = List.of("ALL", "DEBUG", "ERROR", "WARN", "INFO", "OFF", "FATAL",
            "TRACE");
    /** The levels at which Updraft's progress lines (what Spark logs at INFO) print. */
    private static final List<String> PROGRESS_LEVELS = List.of("ALL", "TRACE", "DEBUG", "INFO");

    private static final Map<String, String> DEFAULTS = Map.of(
            TIME_ZONE, ZoneId.systemDefault().getId(),
            MAX_PARTITION_BYTES, "134217728b",
            OPEN_COST_BYTES, "4194304b",
            SHOW_PROGRESS, "true",
            NESTED_SCHEMA_PRUNING, "true",
            EXCHANGE_REUSE, "true",
            SEMI_JOIN_REDUCTION, "true");

    private final Map<String, String> values = new ConcurrentHashMap<>();

    RuntimeConfig(Map<String, String> initial) {
        initial.forEach(this::set);
    }

    public void set(String key, String value) {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(value, "value of " + key + " is null");
        validate(key, value);
        values.put(key, value);
    }

    public void set(String key, long value) {
        set(key, Long.toString(value));
    }

    public void set(String key, boolean value) {
        set(key, Boolean.toString(value));
    }

    /** The value, or the default of a known key; otherwise {@link NoSuchElementException} naming the key. */
    public String get(String key) {
        return getOption(key).orElseThrow(() -> new NoSuchElementException(UpdraftException.compose(
                "SQL_CONF_NOT_FOUND", "42K0I", "The SQL config \"" + key + "\" cannot be found.")));
    }

    public String get(String key, String defaultValue) {
        return getOption(key).orElse(defaultValue);
    }

    public Optional<String> getOption(String key) {
        String v = values.get(key);
        return Optional.ofNullable(v != null ? v : DEFAULTS.get(key));
    }

    /** Every explicitly set value, sorted by key. */
    public Map<String, String> getAll() {
        return new TreeMap<>(values);
    }

    public boolean contains(String key) {
        return values.containsKey(key) || DEFAULTS.containsKey(key);
    }

    public void unset(String key) {
        if (key.equals(MASTER) || key.equals(APP_NAME)) {
            throw new IllegalArgumentException("Cannot modify the value of a static config: " + key);
        }
        values.remove(key);
    }

    ZoneId timeZone() {
        return DateTimes.zone(get(TIME_ZONE));
    }

    long maxPartitionBytes() {
        return parseBytes(MAX_PARTITION_BYTES, get(MAX_PARTITION_BYTES));
    }

    long openCostBytes() {
        return parseBytes(OPEN_COST_BYTES, get(OPEN_COST_BYTES));
    }

    /** Progress lines print: {@value #SHOW_PROGRESS} and {@value #LOG_LEVEL} unset or INFO and finer. */
    boolean showProgress() {
        return Boolean.parseBoolean(get(SHOW_PROGRESS))
                && getOption(LOG_LEVEL).map(l -> PROGRESS_LEVELS.contains(l.toUpperCase(Locale.ROOT))).orElse(true);
    }

    /** spark.sql.shuffle.partitions when set. */
    Optional<Integer> shufflePartitions() {
        return getOption(SHUFFLE_PARTITIONS).map(v -> Integer.parseInt(v.trim()));
    }

    /** spark.sql.autoBroadcastJoinThreshold in bytes when set (-1: never broadcast by size). */
    Optional<Long> autoBroadcastJoinThreshold() {
        return getOption(AUTO_BROADCAST_JOIN_THRESHOLD).map(RuntimeConfig::threshold);
    }

    /** {@value #NESTED_SCHEMA_PRUNING}: default true, as Spark 4. */
    boolean nestedSchemaPruning() {
        return Boolean.parseBoolean(get(NESTED_SCHEMA_PRUNING).trim());
    }

    /** {@value #EXCHANGE_REUSE}: default true, as Spark. */
    boolean exchangeReuse() {
        return Boolean.parseBoolean(get(EXCHANGE_REUSE).trim());
    }

    /** {@value #SEMI_JOIN_REDUCTION}: default true. */
    boolean semiJoinReduction() {
        return Boolean.parseBoolean(get(SEMI_JOIN_REDUCTION).trim());
    }

    int pivotMaxValues() {
        return getOption(PIVOT_MAX_VALUES).map(v -> Integer.parseInt(v.trim())).orElse(10_000);
    }

    private static long threshold(String value) {
        return value.trim().equals("-1") ? -1 : parseBytes(AUTO_BROADCAST_JOIN_THRESHOLD, value);
    }

    private static void validate(String key, String value) {
        switch (key) {
            case TIME_ZONE -> {
                try {
                    DateTimes.zone(value);
                } catch (DateTimeException e) {
                    throw new IllegalArgumentException(UpdraftException.compose("INVALID_CONF_VALUE.TIME_ZONE",
                            "22022", "The value '" + value + "' in the config \"" + key + "\" is invalid. Cannot "
                            + "resolve the given timezone."), e);
                }
            }
            case MAX_PARTITION_BYTES -> {
                if (parseBytes(key, value) < 1) {
                    throw new IllegalArgumentException(key + " must be at least 1 byte, was '" + value + "'");
                }
            }
            case OPEN_COST_BYTES -> {
                if (parseBytes(key, value) < 0) {
                    throw new IllegalArgumentException(key + " must be at least 0 bytes, was '" + value + "'");
                }
            }
            case SHUFFLE_PARTITIONS, PIVOT_MAX_VALUES -> {
                int n;
                try {
                    n = Integer.parseInt(value.trim());
                } catch (NumberFormatException e) {
                    throw typeMismatch(key, value, "int", e);
                }
                if (n < 1) {
                    throw new IllegalArgumentException("The value of " + key + " should be positive, but was " + n);
                }
            }
            case AUTO_BROADCAST_JOIN_THRESHOLD -> threshold(value);
            case LOG_LEVEL -> {
                if (!LOG_LEVELS.contains(value.toUpperCase(Locale.ROOT))) {
                    throw new IllegalArgumentException("requirement failed: Supplied level " + value
                            + " did not match one of: " + String.join(",", LOG_LEVELS));
                }
            }
            case NESTED_SCHEMA_PRUNING, EXCHANGE_REUSE, SEMI_JOIN_REDUCTION -> {
                String v = value.trim();
                if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
                    throw typeMismatch(key, value, "boolean", null);
                }
            }
            case SHOW_PROGRESS -> {
                if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException(key + " should be boolean, but was '" + value + "'");
                }
            }
            default -> {
            }
        }
    }

    /** Spark 4's {@code ConfigHelpers.configTypeMismatchError}: a value that does not parse as the setting's type. */
    private static IllegalArgumentException typeMismatch(String key, String value, String type, Exception cause) {
        return new IllegalArgumentException(UpdraftException.compose("INVALID_CONF_VALUE.TYPE_MISMATCH", "22022",
                "The value '" + value + "' in the config \"" + key + "\" is invalid. It should be a/an '" + type
                        + "' value."), cause);
    }

    /** Spark's byte strings: a number with an optional unit b, k/kb, m/mb, g/gb, t/tb (binary units). */
    static long parseBytes(String key, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
        }
        String unit = t.substring(end).trim();
        long multiplier = switch (unit) {
            case "", "b" -> 1L;
            case "k", "kb" -> 1L << 10;
            case "m", "mb" -> 1L << 20;
            case "g", "gb" -> 1L << 30;
            case "t", "tb" -> 1L << 40;
            default -> -1L;
        };
        if (end == 0 || multiplier < 0) {
            throw new IllegalArgumentException(key + " should be a size in bytes such as 134217728, 128m or 1g, "
                    + "but was '" + text + "'");
        }
        try {
            return Math.multiplyExact(Long.parseLong(t.substring(0, end)), multiplier);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException(key + " is too large: '" + text + "'", e);
        }
    }
}
