package io.updraft.engine;

import io.updraft.core.error.UpdraftException;
import org.apache.arrow.memory.BufferAllocator;

import java.util.Map;
import java.util.Objects;

/**
 * What the operators of one task share: the task's allocator, its settings and its metrics.
 * Settings: {@value #BATCH_ROWS} (rows per batch, default {@value #DEFAULT_BATCH_ROWS}).
 */
public final class ExecutionContext {
    public static final String BATCH_ROWS = "updraft.batchRows";
    public static final int DEFAULT_BATCH_ROWS = 8192;

    private final BufferAllocator allocator;
    private final Map<String, String> config;
    private final int batchRows;
    private final TaskMetricsCollector metrics = new TaskMetricsCollector();

    public ExecutionContext(BufferAllocator allocator, Map<String, String> config) {
        this.allocator = Objects.requireNonNull(allocator, "allocator is null");
        this.config = Map.copyOf(config);
        this.batchRows = positiveInt(config, BATCH_ROWS, DEFAULT_BATCH_ROWS);
    }

    public BufferAllocator allocator() {
        return allocator;
    }

    public Map<String, String> config() {
        return config;
    }

    public int batchRows() {
        return batchRows;
    }

    public TaskMetricsCollector metrics() {
        return metrics;
    }

    private static int positiveInt(Map<String, String> config, String key, int defaultValue) {
        String text = config.get(key);
        if (text == null) {
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw UpdraftException.user("Setting " + key + " must be a positive integer, was '" + text + "'");
    }
}
