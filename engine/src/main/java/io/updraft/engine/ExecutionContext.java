package io.updraft.engine;

import io.updraft.core.conf.SqlConf;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.engine.join.BroadcastTables;
import io.updraft.engine.spill.SpillDirectory;
import io.updraft.engine.store.ObjectStoreProvider;
import io.updraft.engine.store.ObjectStores;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionUtil;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Map;
import java.util.Objects;

/**
 * What the operators of one task share: the task's identity, allocator, settings, metrics, spill folder,
 * object stores, and the shuffle output a map task reports. Settings: {@value #BATCH_ROWS} (rows per batch,
 * default {@value #DEFAULT_BATCH_ROWS}), {@value #SPILL_DIR} (base folder of spill files, default
 * {@code java.io.tmpdir}), {@value #SPILL_FRACTION} (share of the task's memory limit one operator may hold
 * before it spills, default {@value #DEFAULT_SPILL_FRACTION}), {@value #SPILL_CODEC} (compression of spill
 * files: none, lz4 or zstd; default none — local disk is fast and LZ4 framing costs more CPU than it saves). Single-threaded, like the task; close it when
 * the task ends (deletes the spill folder).
 */
public final class ExecutionContext implements AutoCloseable {
    public static final String BATCH_ROWS = "updraft.batchRows";
    public static final int DEFAULT_BATCH_ROWS = 8192;
    public static final String SPILL_DIR = "updraft.spillDir";
    public static final String SPILL_FRACTION = "updraft.spillFraction";
    public static final double DEFAULT_SPILL_FRACTION = 0.5;
    public static final String SPILL_CODEC = "updraft.spillCodec";
    /** Above this share of the limit in use by the whole task, any operator holding state spills. */
    private static final double PRESSURE_FRACTION = 0.8;

    private final BufferAllocator allocator;
    private final Map<String, String> config;
    private final ZoneId sessionZone;
    private final int batchRows;
    private final TaskMetricsCollector metrics = new TaskMetricsCollector();
    private final String jobId;
    private final int stageId;
    private final int taskId;
    private final int attempt;
    private final ObjectStoreProvider stores;
    private final SpillDirectory spillDirectory;
    private final long operatorBudget;
    private final long pressureBytes;
    private final CompressionUtil.CodecType spillCodec;
    private final BroadcastTables broadcastTables;
    private ShuffleOutput shuffleOutput;
    private java.util.List<io.updraft.core.task.WrittenFile> writtenFiles;

    /** A context outside any job (tests, local tools): job "local", stage/task/attempt 0, shared stores. */
    public ExecutionContext(BufferAllocator allocator, Map<String, String> config) {
        this(allocator, config, "local", 0, 0, 0, ObjectStores.shared());
    }

    public ExecutionContext(BufferAllocator allocator, Map<String, String> config, String jobId, int stageId,
                            int taskId, int attempt, ObjectStoreProvider stores) {
        this(allocator, config, jobId, stageId, taskId, attempt, stores, null);
    }

    /** With the process's {@link BroadcastTables} (null: every join builds its own table). */
    public ExecutionContext(BufferAllocator allocator, Map<String, String> config, String jobId, int stageId,
                            int taskId, int attempt, ObjectStoreProvider stores, BroadcastTables broadcastTables) {
        this.broadcastTables = broadcastTables != null && BroadcastTables.enabled(config) ? broadcastTables : null;
        this.allocator = Objects.requireNonNull(allocator, "allocator is null");
        this.config = Map.copyOf(config);
        this.sessionZone = SqlConf.sessionZone(config);
        this.batchRows = positiveInt(config, BATCH_ROWS, DEFAULT_BATCH_ROWS);
        this.jobId = Objects.requireNonNull(jobId, "jobId is null");
        this.stageId = stageId;
        this.taskId = taskId;
        this.attempt = attempt;
        this.stores = Objects.requireNonNull(stores, "stores is null");
        String base = config.getOrDefault(SPILL_DIR, System.getProperty("java.io.tmpdir"));
        this.spillDirectory = new SpillDirectory(Path.of(base), jobId + "-" + stageId + "-" + taskId + "-" + attempt);
        double fraction = fraction(config, SPILL_FRACTION, DEFAULT_SPILL_FRACTION);
        long limit = allocator.getLimit();
        this.operatorBudget = limit >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE : (long) (limit * fraction);
        this.pressureBytes = limit >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE : (long) (limit * PRESSURE_FRACTION);
        this.spillCodec = switch (config.getOrDefault(SPILL_CODEC, "none").trim().toLowerCase(java.util.Locale.ROOT)) {
            case "none" -> CompressionUtil.CodecType.NO_COMPRESSION;
            case "lz4" -> CompressionUtil.CodecType.LZ4_FRAME;
            case "zstd" -> CompressionUtil.CodecType.ZSTD;
            default -> throw UpdraftException.user("Setting " + SPILL_CODEC + " must be none, lz4 or zstd, was '"
                    + config.get(SPILL_CODEC) + "'");
        };
    }

    /** Buffer compression of spill files ({@value #SPILL_CODEC}: none, lz4 or zstd; default none). */
    public CompressionUtil.CodecType spillCodec() {
        return spillCodec;
    }

    public BufferAllocator allocator() {
        return allocator;
    }

    /**
     * The broadcast join tables shared by this process's tasks, or null: none given, or setting
     * {@value BroadcastTables#ENABLED} is false.
     */
    public BroadcastTables broadcastTables() {
        return broadcastTables;
    }

    /** Spark's session time zone ({@link SqlConf#SESSION_TIME_ZONE}; the JVM's zone when absent). */
    public ZoneId sessionZone() {
        return sessionZone;
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

    public String jobId() {
        return jobId;
    }

    public int stageId() {
        return stageId;
    }

    public int taskId() {
        return taskId;
    }

    public int attempt() {
        return attempt;
    }

    public ObjectStoreProvider stores() {
        return stores;
    }

    public SpillDirectory spillDirectory() {
        return spillDirectory;
    }

    /** Bytes one operator may hold before it spills ({@value #SPILL_FRACTION} of the task's memory limit). */
    public long operatorBudget() {
        return operatorBudget;
    }

    /**
     * Whether an operator holding {@code heldBytes} of state should spill now: it holds more than its budget,
     * or the whole task is close to its memory limit and the operator holds a meaningful share.
     */
    public boolean shouldSpill(long heldBytes) {
        if (heldBytes > operatorBudget) {
            return true;
        }
        return allocator.getAllocatedMemory() > pressureBytes && heldBytes > operatorBudget / 8;
    }

    /**
     * Stops the task when it has been cancelled: the thread running it was interrupted (the in-process invoker
     * interrupts a task whose job failed or was given up). Called by the leaves (Parquet scan, shuffle read)
     * for every batch and by the task's root, so a cancelled task ends within one batch; the pipeline is then
     * closed and the task's allocator with it. Throws {@link TaskCancelledException}; the interrupt flag stays
     * set for the caller.
     */
    public void checkCancelled() {
        if (Thread.currentThread().isInterrupted()) {
            throw new TaskCancelledException("Task " + jobId + "/" + stageId + "/" + taskId + "/" + attempt
                    + " was cancelled");
        }
    }

    /** Called by the shuffle write operator once its object is stored. */
    public void setShuffleOutput(ShuffleOutput output) {
        this.shuffleOutput = output;
    }

    /** What a map task wrote, or null when the task wrote no shuffle object. */
    /** A write task's pending files (set once by its {@code FileWrite} root); null for other tasks. */
    public java.util.List<io.updraft.core.task.WrittenFile> writtenFiles() {
        return writtenFiles;
    }

    public void setWrittenFiles(java.util.List<io.updraft.core.task.WrittenFile> files) {
        this.writtenFiles = java.util.List.copyOf(files);
    }

    public ShuffleOutput shuffleOutput() {
        return shuffleOutput;
    }

    /** Deletes the task's spill folder. */
    @Override
    public void close() {
        spillDirectory.close();
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

    private static double fraction(Map<String, String> config, String key, double defaultValue) {
        String text = config.get(key);
        if (text == null) {
            return defaultValue;
        }
        try {
            double value = Double.parseDouble(text.trim());
            if (value > 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw UpdraftException.user("Setting " + key + " must be a number in (0, 1], was '" + text + "'");
    }
}
