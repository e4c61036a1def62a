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
 *   (each partition is one invocation reading one ranged GET per map task). With {@code advisoryPartitionBytes}
 *   it is the smallest count an exchange gets.</li>
 *   <li>{@code advisoryPartitionBytes}: when positive, each exchange gets as many partitions as its input's estimated
 *   size holds of these bytes, at least {@code shufflePartitions} and at most {@code maxShufflePartitions} (what
 *   Spark's adaptive execution does with measured map outputs, spark.sql.adaptive.advisoryPartitionSizeInBytes,
 *   here from the planner's estimates, fixed before the job runs); 0 = every exchange gets exactly
 *   {@code shufflePartitions}. Local mode's default is {@link #DEFAULT_ADVISORY_PARTITION_BYTES} unless
 *   spark.sql.shuffle.partitions is set ({@link #withShufflePartitions} fixes the count).</li>
 *   <li>{@code maxShufflePartitions}: the upper bound of the sized counts.</li>
 *   <li>{@code singlePartitionSortBytes}: a global sort whose input is estimated at most this many bytes runs in
 *   one task; larger ones are range-partitioned (default 64 MiB).</li>
 *   <li>{@code nestedSchemaPruning}: spark.sql.optimizer.nestedSchemaPruning.enabled — Parquet scans read only the
 *   fields of struct columns the query uses ({@code NestedSchemaPruning}); default true, as Spark 4.</li>
 *   <li>{@code exchangeReuse}: spark.sql.exchange.reuse — a stage equal to one already cut (same operators,
 *   expressions, files and output partitioning, names aside) is not built again: its readers read the earlier one
 *   ({@code StageBuilder}, Spark's ReuseExchangeAndSubquery); default true, as Spark.</li>
 *   <li>{@code semiJoinReduction}: updraft.sql.optimizer.semiJoinReduction.enabled (Spark has no such rule) — a
 *   grouped aggregate joined on its grouping keys with a small filtered side first LEFT SEMI joins its input with
 *   those keys ({@code ReduceAggregateInputBySemiJoin}); default true.</li>
 * </ul>
 */
public record PlannerConfig(int parallelism, long maxPartitionBytes, long autoBroadcastJoinThreshold,
                            int shufflePartitions, long singlePartitionSortBytes, long advisoryPartitionBytes,
                            int maxShufflePartitions, boolean nestedSchemaPruning, boolean exchangeReuse,
                            boolean semiJoinReduction) {
    public static final long DEFAULT_BROADCAST_THRESHOLD = 10L * 1024 * 1024;
    public static final long DEFAULT_MAX_PARTITION_BYTES = 128L * 1024 * 1024;
    public static final long DEFAULT_SINGLE_PARTITION_SORT_BYTES = 64L * 1024 * 1024;
    public static final int LAMBDA_SHUFFLE_PARTITIONS = 64;
    /** Local mode's target of estimated input bytes per shuffle partition (Spark's advisory partition size). */
    public static final long DEFAULT_ADVISORY_PARTITION_BYTES = 64L * 1024 * 1024;
    /** Local mode's bound on sized partition counts (Spark's spark.sql.shuffle.partitions default). */
    public static final int DEFAULT_MAX_SHUFFLE_PARTITIONS = 200;
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
        if (advisoryPartitionBytes < 0) {
            throw new IllegalArgumentException("advisoryPartitionBytes must be >= 0, was " + advisoryPartitionBytes);
        }
        if (maxShufflePartitions < shufflePartitions) {
            throw new IllegalArgumentException("maxShufflePartitions must be >= shufflePartitions (" + shufflePartitions
                    + "), was " + maxShufflePartitions);
        }
    }

    /** Exchange reuse and semi-join reduction of aggregates on (the defaults). */
    public PlannerConfig(int parallelism, long maxPartitionBytes, long autoBroadcastJoinThreshold,
                         int shufflePartitions, long singlePartitionSortBytes, long advisoryPartitionBytes,
                         int maxShufflePartitions, boolean nestedSchemaPruning) {
        this(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions, singlePartitionSortBytes,
                advisoryPartitionBytes, maxShufflePartitions, nestedSchemaPruning, true, true);
    }

    /** Nested schema pruning, exchange reuse and semi-join reduction of aggregates on (the defaults). */
    public PlannerConfig(int parallelism, long maxPartitionBytes, long autoBroadcastJoinThreshold,
                         int shufflePartitions, long singlePartitionSortBytes, long advisoryPartitionBytes,
                         int maxShufflePartitions) {
        this(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions, singlePartitionSortBytes,
                advisoryPartitionBytes, maxShufflePartitions, true, true, true);
    }

    /** Exactly {@code shufflePartitions} for every exchange. */
    public PlannerConfig(int parallelism, long maxPartitionBytes, long autoBroadcastJoinThreshold,
                         int shufflePartitions, long singlePartitionSortBytes) {
        this(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions, singlePartitionSortBytes,
                0, shufflePartitions);
    }

    /**
     * Local defaults for {@code parallelism} task slots: shuffle partitions sized by the estimated input,
     * {@link #DEFAULT_ADVISORY_PARTITION_BYTES} each, from 2 × slots (at least 4) up to
     * {@link #DEFAULT_MAX_SHUFFLE_PARTITIONS}.
     */
    public PlannerConfig(int parallelism, long maxPartitionBytes) {
        this(parallelism, maxPartitionBytes, DEFAULT_BROADCAST_THRESHOLD, localMinimum(parallelism),
                DEFAULT_SINGLE_PARTITION_SORT_BYTES, DEFAULT_ADVISORY_PARTITION_BYTES,
                Math.max(localMinimum(parallelism), DEFAULT_MAX_SHUFFLE_PARTITIONS));
    }

    private static int localMinimum(int parallelism) {
        return Math.max(4, 2 * Math.max(1, parallelism));
    }

    /**
     * The partition count of an exchange whose input is estimated at {@code estimatedBytes}: {@code shufflePartitions}
     * when the count is fixed, else ceil(bytes / advisoryPartitionBytes) within [shufflePartitions,
     * maxShufflePartitions].
     */
    public int shufflePartitionsFor(double estimatedBytes) {
        if (advisoryPartitionBytes == 0 || !(estimatedBytes > 0)) {
            return shufflePartitions;
        }
        double wanted = Math.ceil(estimatedBytes / advisoryPartitionBytes);
        return (int) Math.max(shufflePartitions, Math.min(maxShufflePartitions, wanted));
    }

    /** Defaults for AWS Lambda workers: 64 shuffle partitions. */
    public static PlannerConfig lambda() {
        return new PlannerConfig(LAMBDA_SHUFFLE_PARTITIONS, DEFAULT_MAX_PARTITION_BYTES, DEFAULT_BROADCAST_THRESHOLD,
                LAMBDA_SHUFFLE_PARTITIONS, DEFAULT_SINGLE_PARTITION_SORT_BYTES);
    }

    public PlannerConfig withAutoBroadcastJoinThreshold(long bytes) {
        return new PlannerConfig(parallelism, maxPartitionBytes, bytes, shufflePartitions, singlePartitionSortBytes,
                advisoryPartitionBytes, maxShufflePartitions, nestedSchemaPruning, exchangeReuse,
                semiJoinReduction);
    }

    /** Exactly {@code partitions} for every exchange (spark.sql.shuffle.partitions set, or Lambda's default). */
    public PlannerConfig withShufflePartitions(int partitions) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, partitions,
                singlePartitionSortBytes, 0, partitions, nestedSchemaPruning, exchangeReuse, semiJoinReduction);
    }

    public PlannerConfig withSinglePartitionSortBytes(long bytes) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions, bytes,
                advisoryPartitionBytes, maxShufflePartitions, nestedSchemaPruning, exchangeReuse,
                semiJoinReduction);
    }

    /** Exchanges sized by their estimated input: {@code bytes} each, from shufflePartitions up to {@code max}. */
    public PlannerConfig withAdvisoryPartitionBytes(long bytes, int max) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions,
                singlePartitionSortBytes, bytes, max, nestedSchemaPruning, exchangeReuse, semiJoinReduction);
    }

    /**
     * updraft.sql.optimizer.semiJoinReduction.enabled: a grouped aggregate joined on its keys with a small filtered
     * side semi joins its input with those keys first ({@code ReduceAggregateInputBySemiJoin}).
     */
    public PlannerConfig withSemiJoinReduction(boolean enabled) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions,
                singlePartitionSortBytes, advisoryPartitionBytes, maxShufflePartitions, nestedSchemaPruning,
                exchangeReuse, enabled);
    }

    /** spark.sql.optimizer.nestedSchemaPruning.enabled: scans read only the struct fields a query uses. */
    public PlannerConfig withNestedSchemaPruning(boolean enabled) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions,
                singlePartitionSortBytes, advisoryPartitionBytes, maxShufflePartitions, enabled, exchangeReuse,
                semiJoinReduction);
    }

    /** spark.sql.exchange.reuse: equal stages are cut once and read by every consumer. */
    public PlannerConfig withExchangeReuse(boolean enabled) {
        return new PlannerConfig(parallelism, maxPartitionBytes, autoBroadcastJoinThreshold, shufflePartitions,
                singlePartitionSortBytes, advisoryPartitionBytes, maxShufflePartitions, nestedSchemaPruning, enabled,
                semiJoinReduction);
    }
}
