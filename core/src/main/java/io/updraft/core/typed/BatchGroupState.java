package io.updraft.core.typed;

import io.updraft.sql.streaming.GroupState;

import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * {@link GroupState} over a static Dataset, as Spark's {@code GroupStateImpl} with {@code NoTimeout} in a batch
 * query: empty at the start of each group, timeouts refused with Spark's messages, no watermark.
 */
public final class BatchGroupState<S> implements GroupState<S> {
    private final String operation;
    private final long processingTimeMs;
    private S value;
    private boolean defined;

    /** {@code operation} is {@code mapGroupsWithState} or {@code flatMapGroupsWithState} (for the messages). */
    public BatchGroupState(String operation, long processingTimeMs) {
        this.operation = operation;
        this.processingTimeMs = processingTimeMs;
    }

    @Override
    public boolean exists() {
        return defined;
    }

    @Override
    public S get() {
        if (!defined) {
            throw new NoSuchElementException("State is either not defined or has already been removed");
        }
        return value;
    }

    @Override
    public Optional<S> getOption() {
        return defined ? Optional.of(value) : Optional.empty();
    }

    @Override
    public void update(S newState) {
        if (newState == null) {
            throw new IllegalArgumentException("'null' is not a valid state value");
        }
        value = newState;
        defined = true;
    }

    @Override
    public void remove() {
        value = null;
        defined = false;
    }

    @Override
    public boolean hasTimedOut() {
        return false;
    }

    @Override
    public void setTimeoutDuration(long durationMs) {
        throw noProcessingTimeout();
    }

    @Override
    public void setTimeoutDuration(String duration) {
        throw noProcessingTimeout();
    }

    @Override
    public void setTimeoutTimestamp(long timestampMs) {
        throw noEventTimeout();
    }

    @Override
    public void setTimeoutTimestamp(long timestampMs, String additionalDuration) {
        throw noEventTimeout();
    }

    @Override
    public void setTimeoutTimestamp(java.sql.Date timestamp) {
        throw noEventTimeout();
    }

    @Override
    public void setTimeoutTimestamp(java.sql.Date timestamp, String additionalDuration) {
        throw noEventTimeout();
    }

    @Override
    public long getCurrentWatermarkMs() {
        throw new UnsupportedOperationException("Cannot get event time watermark timestamp without setting watermark"
                + " before [map|flatMap]GroupsWithState");
    }

    @Override
    public long getCurrentProcessingTimeMs() {
        return processingTimeMs;
    }

    /** Resets the state for the next group. */
    public void clear() {
        remove();
    }

    private UnsupportedOperationException noProcessingTimeout() {
        return new UnsupportedOperationException("Cannot set timeout duration without enabling processing time"
                + " timeout in " + operation);
    }

    private UnsupportedOperationException noEventTimeout() {
        return new UnsupportedOperationException("Cannot set timeout timestamp without enabling event time timeout"
                + " in " + operation);
    }

    @Override
    public String toString() {
        return "GroupState(" + (defined ? value : "<undefined>") + ")";
    }
}
