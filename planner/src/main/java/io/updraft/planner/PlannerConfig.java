package io.updraft.planner;

/**
 * Planner settings (immutable; every value validated here).
 * <ul>
 *   <li>{@code parallelism}: task slots (local[N]).</li>
 *   <li>{@code maxPartitionBytes}: Spark's spark.sql.files.maxPartitionBytes (the coordinator's split size).</li>
 *   <li>{@code autoBroadcastJoinThreshold}: spark.sql.autoBroadcastJoinThreshold — a join side estimated at most
 *   this many bytes is broadcast (written once as a single-partition shuffle that every task of the other side
 *   reads whole); default 10 MiB as Spark; &lt;= 0 disables size-based broadcasting (hints still apply).</li>
 *   <li>{@code shufflePartitions}: spark.sql.shuffle.partitions — the partition count of hash and range exchanges
 *   (joins, aggregations, windows, sorts, {@code repartition(cols)}). Spark's 200 is tuned for clusters; here
 *   the local default is 2 × the task slots, at least 4 (small tasks on 2 cores), and {@link #lambda()} uses 64
 *   (each partition is one invocation reading one ranged GET per map task).</li>
 *   <li>{@code singlePartitionSortBytes}: a global sort whose input is estimated at most this many bytes runs in
 *   one task; larger ones are range-partitioned (default 64 MiB).</li>
 * </ul>
 */
public record PlannerConfig(int parallelism, long maxPartitionBytes, long autoBroadcastJoinThreshold,
                            int shufflePartitions, long singlePartitionSortBytes) {
    public static final long DEFAULT_BROADCAST_THRESHOLD = 10L * 1024 * 1024;
    public static final long DEFAULT_MAX_PARTITION_BYTES = 128L * 1024 * 1024;
    public static final long DEFAULT_SINGLE_PARTITION_SORT_BYTES = 64L * 1024 * 1024;
    public static final int LAMBDA_SHUFFLE_PARTITIONS = 64;
    public static final PlannerConfig DEFAULT = new PlannerConfig(Runtime.getRuntime().availableProcessors(),
            DEFAULT_MAX_PARTITION_BYTES);

    public PlannerConfig {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be >= 1, was " + parallelism);
        }
        if (maxPartitionBytes < 1) {
            throw new IllegalArgumentException("maxPartitionBytes must be >= 1, was " + maxPartitionBytes);
        }
        if (shufflePartitions < 1) {
            throw new IllegalArgumentException("shufflePartitions must be >= 1, was " + shufflePartitions);
        }
        if (singlePartitionSortBytes < 0) {
            throw new IllegalArgumentException("singlePartitionSortBytes must be >= 0, was " + singlePartitionSortBytes);
        }
    }

    /** Local defaults for {@code parallelism} task slots: shuffle partitions 2 × slots (at least 4). */
    public PlannerConfig(int parallelism, long maxPartitionBytes) {
        this(parallelism, maxPartitionBytes, DEFAULT_BROADCAST_THRESHOLD, Math.max(4, 2 * Math.max(1, parallelism)),
                DEFAULT_SINGLE_PARTITION_SORT_BYTES);
    }

    /** Defaults for AWS Lambda workers: 64 shuffle partitions. */
    public static PlannerConfig lambda() {
        return new PlannerConfig(LAMBDA_SHUFFLE_PARTITIONS, DEFAULT_MAX_PARTITION_BYTES, DEFAULT_BROADCAST_THRESHOLD,
                LAMBDA_SHUFFLE_PARTITIONS, DEFAULT_SINGLE_PARTITION_SORT_BYTES);
    }

    public PlannerConfig withAutoBroadcastJoinThreshold(long bytes) {
        return new PlannerConfig(parallelism, maxPartitionBytes, bytes, shufflePartitions, singlePartitionSortBytes);
    }

    public PlannerConfig withShufflePartitions(int partitions) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, partitions,
                singlePartitionSortBytes);
    }

    public PlannerConfig withSinglePartitionSortBytes(long bytes) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions, bytes);
    }
}
