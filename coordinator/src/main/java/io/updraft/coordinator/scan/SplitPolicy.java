package io.updraft.coordinator.scan;

/**
 * How large a scan task's share of a Parquet file is, as Spark's {@code FilePartition.maxSplitBytes}:
 * {@code target = min(maxPartitionBytes, max(openCostBytes, totalBytes / parallelism))}. With 4 MiB
 * opening cost, a small table still gets one task per file, and a large one gets about one task per
 * slot, capped at {@code maxPartitionBytes} (spark.sql.files.maxPartitionBytes, 128 MiB). With {@code packFiles}
 * (what local-mode sessions use, as Spark does) Parquet splits smaller than the target share tasks ({@link ScanSplitter#tasks});
 * without it (the job runner's defaults, which tests of the scheduler use) each split is a task.
 */
public record SplitPolicy(int parallelism, long maxPartitionBytes, long openCostBytes, boolean packFiles) {
    public static final long DEFAULT_MAX_PARTITION_BYTES = 128L * 1024 * 1024;
    public static final long DEFAULT_OPEN_COST_BYTES = 4L * 1024 * 1024;

    public SplitPolicy {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be >= 1, was " + parallelism);
        }
        if (maxPartitionBytes < 1) {
            throw new IllegalArgumentException("maxPartitionBytes must be >= 1, was " + maxPartitionBytes);
        }
        if (openCostBytes < 0) {
            throw new IllegalArgumentException("openCostBytes must be >= 0, was " + openCostBytes);
        }
    }

    public SplitPolicy(int parallelism, long maxPartitionBytes) {
        this(parallelism, maxPartitionBytes, DEFAULT_OPEN_COST_BYTES, false);
    }

    public SplitPolicy(int parallelism, long maxPartitionBytes, long openCostBytes) {
        this(parallelism, maxPartitionBytes, openCostBytes, false);
    }

    /** The same policy, with small Parquet splits sharing tasks or not ({@link ScanSplitter#tasks}). */
    public SplitPolicy withPackFiles(boolean pack) {
        return new SplitPolicy(parallelism, maxPartitionBytes, openCostBytes, pack);
    }

    /** Target split size in bytes for a scan over {@code totalBytes}; at least 1. */
    public long targetBytes(long totalBytes) {
        return Math.max(1, Math.min(maxPartitionBytes, Math.max(openCostBytes, totalBytes / parallelism)));
    }
}
