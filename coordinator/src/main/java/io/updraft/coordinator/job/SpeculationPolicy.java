package io.updraft.coordinator.job;

/**
 * When a straggler gets a speculative duplicate (Spark's spark.speculation.*): once at least {@code quantile} of
 * a stage's tasks have finished, a task whose only running attempt has run longer than
 * max({@code minRuntime}, {@code multiplier} × the median of the finished tasks' times) gets one more attempt.
 * The first attempt to succeed is committed; the other's output is discarded. Checked every {@code interval}.
 * Immutable.
 */
public record SpeculationPolicy(boolean enabled, double multiplier, double quantile, long minRuntimeNanos,
                                long intervalNanos) {
    public static final SpeculationPolicy DISABLED = new SpeculationPolicy(false, 1.5, 0.75, 1_000_000_000L,
            100_000_000L);

    public SpeculationPolicy {
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new IllegalArgumentException("speculation multiplier must be >= 1, was " + multiplier);
        }
        if (!(quantile > 0.0 && quantile <= 1.0)) {
            throw new IllegalArgumentException("speculation quantile must be in (0, 1], was " + quantile);
        }
        if (minRuntimeNanos < 0 || intervalNanos <= 0) {
            throw new IllegalArgumentException("speculation minRuntime must be >= 0 and interval > 0, were "
                    + minRuntimeNanos + " ns and " + intervalNanos + " ns");
        }
    }

    /** The same thresholds, switched on. */
    public SpeculationPolicy enable() {
        return new SpeculationPolicy(true, multiplier, quantile, minRuntimeNanos, intervalNanos);
    }

    /** How many of {@code tasks} must have finished before any of them is speculated (at least 1). */
    int finishedBeforeSpeculating(int tasks) {
        return Math.max(1, (int) Math.ceil(quantile * tasks));
    }

    /** The runtime beyond which a running attempt is a straggler, given the median finished time. */
    long thresholdNanos(long medianNanos) {
        return Math.max(minRuntimeNanos, (long) (multiplier * medianNanos));
    }
}
