package io.updraft.sql.streaming;

import java.util.Optional;

/**
 * The per-key state handed to {@code mapGroupsWithState}/{@code flatMapGroupsWithState}, as Spark's
 * {@code org.apache.spark.sql.streaming.GroupState}. Over a static Dataset each group is seen once, the state starts
 * empty and no timeout is configured (Spark's batch semantics). Not thread-safe: one call uses it.
 */
public interface GroupState<S> {
    /** Whether a state is defined. */
    boolean exists();

    /** The state; {@code NoSuchElementException} when none is defined. */
    S get();

    /** The state if defined (Spark's {@code getOption}, an {@code Option} there). */
    Optional<S> getOption();

    /** Sets the state; null is an {@code IllegalArgumentException}. */
    void update(S newState);

    /** Removes the state. */
    void remove();

    /** Always false over a static Dataset. */
    boolean hasTimedOut();

    void setTimeoutDuration(long durationMs);

    void setTimeoutDuration(String duration);

    void setTimeoutTimestamp(long timestampMs);

    void setTimeoutTimestamp(long timestampMs, String additionalDuration);

    void setTimeoutTimestamp(java.sql.Date timestamp);

    void setTimeoutTimestamp(java.sql.Date timestamp, String additionalDuration);

    /** Fails as in Spark: a static Dataset has no watermark. */
    long getCurrentWatermarkMs();

    /** The time the batch query started, in milliseconds since the epoch. */
    long getCurrentProcessingTimeMs();
}
