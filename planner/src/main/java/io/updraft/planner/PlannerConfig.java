package io.updraft.planner;

/**
 * Planner settings. {@code parallelism} is the number of task slots (local[N]); {@code maxPartitionBytes}
 * is Spark's spark.sql.files.maxPartitionBytes.
 */
public record PlannerConfig(int parallelism, long maxPartitionBytes) {
    public static final PlannerConfig DEFAULT = new PlannerConfig(Runtime.getRuntime().availableProcessors(),
            128L * 1024 * 1024);

    public PlannerConfig {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be >= 1, was " + parallelism);
        }
    }
}
