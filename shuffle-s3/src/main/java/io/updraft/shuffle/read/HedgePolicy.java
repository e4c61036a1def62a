package io.updraft.shuffle.read;

import java.time.Duration;

/**
 * When to send a duplicate GET for a slow range: after {@code base + bytes / bytesPerSecond}.
 * {@link #NEVER} disables hedging.
 */
public record HedgePolicy(Duration base, long bytesPerSecond) {
    public static final HedgePolicy NEVER = new HedgePolicy(Duration.ZERO, 0);
    /** 200 ms plus the time at a pessimistic 20 MB/s per request. */
    public static final HedgePolicy DEFAULT = new HedgePolicy(Duration.ofMillis(200), 20_000_000);

    public boolean enabled() {
        return bytesPerSecond > 0;
    }

    public long timeoutMillis(long bytes) {
        return base.toMillis() + bytes * 1000 / Math.max(1, bytesPerSecond);
    }
}
