package io.updraft.coordinator.job;

import io.updraft.coordinator.Settings;
import io.updraft.coordinator.scan.SplitPolicy;
import io.updraft.coordinator.summary.LambdaPrices;

import java.io.PrintStream;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * Settings of one {@link JobRunner}: how scans split, where progress lines and the job summary go
 * ({@code null} = off), settings passed to every task, the clock and random source (injected so retry,
 * backoff and speculation tests never sleep), retries, speculation, the cost model and where completed stages are
 * recorded ({@code null} = nowhere). Immutable; the
 * random source must be thread-safe (the default {@link Random} is).
 */
public record JobRunnerOptions(SplitPolicy splitPolicy, PrintStream progress, Map<String, String> taskConfig,
                               TaskClock clock, RandomGenerator random, RetryPolicy retry,
                               SpeculationPolicy speculation, LambdaPrices cost,
                               StageCheckpoints checkpoints) {
    public static final int DEFAULT_MAX_ATTEMPTS = RetryPolicy.DEFAULT_MAX_ATTEMPTS;

    /** Failures per task before the job fails (default 4, as Spark's spark.task.maxFailures). */
    public static final String MAX_ATTEMPTS = "updraft.task.maxAttempts";
    /** First retry delay ceiling in ms (default 100); doubles per retry up to {@link #RETRY_MAX_DELAY_MILLIS}. */
    public static final String RETRY_BASE_DELAY_MILLIS = "updraft.retry.baseDelayMillis";
    /** Cap of the retry delay in ms (default 10000). */
    public static final String RETRY_MAX_DELAY_MILLIS = "updraft.retry.maxDelayMillis";
    /** true/false: speculative duplicates of stragglers (default: off locally, on with master "lambda"). */
    public static final String SPECULATION = "updraft.speculation";
    public static final String SPECULATION_MULTIPLIER = "updraft.speculation.multiplier";
    public static final String SPECULATION_QUANTILE = "updraft.speculation.quantile";
    public static final String SPECULATION_MIN_RUNTIME_MILLIS = "updraft.speculation.minRuntimeMillis";
    public static final String SPECULATION_INTERVAL_MILLIS = "updraft.speculation.intervalMillis";
    public static final String COST_LAMBDA_GB_SECOND = "updraft.cost.lambdaGbSecond";
    public static final String COST_LAMBDA_MILLION_REQUESTS = "updraft.cost.lambdaMillionRequests";
    public static final String COST_S3_THOUSAND_PUTS = "updraft.cost.s3ThousandPuts";
    public static final String COST_S3_THOUSAND_GETS = "updraft.cost.s3ThousandGets";
    /** The worker function's memory in MB, for GB-seconds (default 3008). */
    public static final String LAMBDA_MEMORY_MB = "updraft.lambda.memoryMb";
    /**
     * A folder or {@code s3://bucket/prefix} where completed stages are recorded, so that a job whose coordinator
     * dies resumes from them in the next one ({@link StageCheckpoints}); unset = no records (the default).
     */
    public static final String CHECKPOINT_ROOT = "updraft.job.checkpointRoot";

    public JobRunnerOptions {
        Objects.requireNonNull(splitPolicy, "splitPolicy is null");
        taskConfig = Map.copyOf(taskConfig);
        Objects.requireNonNull(clock, "clock is null");
        Objects.requireNonNull(random, "random is null");
        Objects.requireNonNull(retry, "retry is null");
        Objects.requireNonNull(speculation, "speculation is null");
        Objects.requireNonNull(cost, "cost is null");
    }

    /** Spark's split defaults for {@code parallelism} slots; progress on stderr; 4 attempts; no speculation. */
    public static JobRunnerOptions defaults(int parallelism) {
        return new JobRunnerOptions(new SplitPolicy(parallelism, SplitPolicy.DEFAULT_MAX_PARTITION_BYTES),
                System.err, Map.of(), TaskClock.system(), new Random(), RetryPolicy.DEFAULT,
                SpeculationPolicy.DISABLED, LambdaPrices.AWS_US_EAST_1, null);
    }

    public int maxAttempts() {
        return retry.maxAttempts();
    }

    public JobRunnerOptions withSplitPolicy(SplitPolicy policy) {
        return new JobRunnerOptions(policy, progress, taskConfig, clock, random, retry, speculation, cost,
                checkpoints);
    }

    /** {@code null} turns progress lines and the summary off. */
    public JobRunnerOptions withProgress(PrintStream stream) {
        return new JobRunnerOptions(splitPolicy, stream, taskConfig, clock, random, retry, speculation, cost,
                checkpoints);
    }

    public JobRunnerOptions withMaxAttempts(int attempts) {
        return withRetry(retry.withMaxAttempts(attempts));
    }

    public JobRunnerOptions withRetry(RetryPolicy policy) {
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, clock, random, policy, speculation, cost,
                checkpoints);
    }

    public JobRunnerOptions withSpeculation(SpeculationPolicy policy) {
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, clock, random, retry, policy, cost,
                checkpoints);
    }

    public JobRunnerOptions withCost(LambdaPrices model) {
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, clock, random, retry, speculation, model,
                checkpoints);
    }

    public JobRunnerOptions withTaskConfig(Map<String, String> config) {
        return new JobRunnerOptions(splitPolicy, progress, config, clock, random, retry, speculation, cost,
                checkpoints);
    }

    public JobRunnerOptions withClock(TaskClock taskClock) {
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, taskClock, random, retry, speculation, cost,
                checkpoints);
    }

    /** The system timer with {@code nanoClock} as time source. */
    public JobRunnerOptions withNanoClock(LongSupplier nanoClock) {
        return withClock(TaskClock.withTicker(nanoClock));
    }

    /** Records completed stages there and resumes from them ({@code null}: off). */
    public JobRunnerOptions withCheckpoints(StageCheckpoints stages) {
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, clock, random, retry, speculation, cost,
                stages);
    }

    public JobRunnerOptions withRandom(RandomGenerator generator) {
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, clock, generator, retry, speculation, cost,
                checkpoints);
    }

    /**
     * These options with the scheduler settings found in {@code settings} applied (keys above; others are
     * ignored). A bad value is an {@link IllegalArgumentException} naming the key and the value.
     */
    public JobRunnerOptions withSettings(Map<String, String> settings) {
        Settings s = new Settings(settings);
        RetryPolicy r = new RetryPolicy(s.integer(MAX_ATTEMPTS, retry.maxAttempts(), 1),
                s.millis(RETRY_BASE_DELAY_MILLIS, retry.baseDelayNanos()),
                s.millis(RETRY_MAX_DELAY_MILLIS, Math.max(retry.maxDelayNanos(),
                        s.millis(RETRY_BASE_DELAY_MILLIS, retry.baseDelayNanos()))));
        SpeculationPolicy p = new SpeculationPolicy(s.bool(SPECULATION, speculation.enabled()),
                s.decimal(SPECULATION_MULTIPLIER, speculation.multiplier()),
                s.decimal(SPECULATION_QUANTILE, speculation.quantile()),
                s.millis(SPECULATION_MIN_RUNTIME_MILLIS, speculation.minRuntimeNanos()),
                s.millis(SPECULATION_INTERVAL_MILLIS, speculation.intervalNanos()));
        LambdaPrices c = new LambdaPrices(s.decimal(COST_LAMBDA_GB_SECOND, cost.lambdaGbSecondDollars()),
                s.decimal(COST_LAMBDA_MILLION_REQUESTS, cost.lambdaMillionRequestsDollars()),
                s.decimal(COST_S3_THOUSAND_PUTS, cost.s3ThousandPutsDollars()),
                s.decimal(COST_S3_THOUSAND_GETS, cost.s3ThousandGetsDollars()),
                s.integer(LAMBDA_MEMORY_MB, cost.lambdaMemoryMb(), 128));
        return new JobRunnerOptions(splitPolicy, progress, taskConfig, clock, random, r, p, c,
                checkpoints);
    }
}
