package io.updraft.coordinator.job;

import java.util.random.RandomGenerator;

/**
 * How failed task attempts are retried: at most {@code maxAttempts} failures per task, the k-th retry after a
 * delay drawn uniformly from [0, min(maxDelay, baseDelay × 2^(k-1))] ("full jitter", so retries of many tasks
 * throttled at once spread out instead of colliding again). Immutable.
 */
public record RetryPolicy(int maxAttempts, long baseDelayNanos, long maxDelayNanos) {
    public static final int DEFAULT_MAX_ATTEMPTS = 4;
    public static final long DEFAULT_BASE_DELAY_NANOS = 100_000_000L;
    public static final long DEFAULT_MAX_DELAY_NANOS = 10_000_000_000L;
    public static final RetryPolicy DEFAULT = new RetryPolicy(DEFAULT_MAX_ATTEMPTS, DEFAULT_BASE_DELAY_NANOS,
            DEFAULT_MAX_DELAY_NANOS);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1, was " + maxAttempts);
        }
        if (baseDelayNanos < 0 || maxDelayNanos < baseDelayNanos) {
            throw new IllegalArgumentException("retry delays must satisfy 0 <= base <= max, were base "
                    + baseDelayNanos + " ns, max " + maxDelayNanos + " ns");
        }
    }

    /** The delay before retry number {@code retry} (1 = first retry), drawn from {@code random}. */
    public long backoffNanos(int retry, RandomGenerator random) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry numbers start at 1, was " + retry);
        }
        long ceiling = maxDelayNanos;
        if (retry - 1 < 62 && baseDelayNanos <= maxDelayNanos >> (retry - 1)) {
            ceiling = baseDelayNanos << (retry - 1);
        }
        return ceiling == 0 ? 0 : random.nextLong(0, ceiling + 1);
    }

    public RetryPolicy withMaxAttempts(int attempts) {
        return new RetryPolicy(attempts, baseDelayNanos, maxDelayNanos);
    }
}
