package io.updraft.coordinator;

import java.io.PrintStream;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Settings of one {@link JobRunner}: how scans split, where progress lines go ({@code null} = off),
 * how many attempts a TRANSIENT task failure gets, settings passed to every task, and the clock.
 */
public record JobRunnerOptions(SplitPolicy splitPolicy, PrintStream progress, int maxAttempts,
                               Map<String, String> taskConfig, LongSupplier nanoClock) {
    public static final int DEFAULT_MAX_ATTEMPTS = 4;

    public JobRunnerOptions {
        Objects.requireNonNull(splitPolicy, "splitPolicy is null");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1, was " + maxAttempts);
        }
        taskConfig = Map.copyOf(taskConfig);
        Objects.requireNonNull(nanoClock, "nanoClock is null");
    }

    /** Spark's defaults for {@code parallelism} slots; progress on stderr. */
    public static JobRunnerOptions defaults(int parallelism) {
        return new JobRunnerOptions(new SplitPolicy(parallelism, SplitPolicy.DEFAULT_MAX_PARTITION_BYTES),
                System.err, DEFAULT_MAX_ATTEMPTS, Map.of(), System::nanoTime);
    }

    public JobRunnerOptions withSplitPolicy(SplitPolicy policy) {
        return new JobRunnerOptions(policy, progress, maxAttempts, taskConfig, nanoClock);
    }

    /** {@code null} turns progress lines off. */
    public JobRunnerOptions withProgress(PrintStream stream) {
        return new JobRunnerOptions(splitPolicy, stream, maxAttempts, taskConfig, nanoClock);
    }

    public JobRunnerOptions withMaxAttempts(int attempts) {
        return new JobRunnerOptions(splitPolicy, progress, attempts, taskConfig, nanoClock);
    }

    public JobRunnerOptions withTaskConfig(Map<String, String> config) {
        return new JobRunnerOptions(splitPolicy, progress, maxAttempts, config, nanoClock);
    }

    public JobRunnerOptions withNanoClock(LongSupplier clock) {
        return new JobRunnerOptions(splitPolicy, progress, maxAttempts, taskConfig, clock);
    }
}
