package io.updraft.coordinator.lambda;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The invoker's execution slots: one per emulator endpoint (capacity 1, like a real execution environment) or one
 * to AWS (capacity {@code maxConcurrency}). {@link #acquire} picks the free slot with the lowest load, ties
 * round-robin; a slot whose endpoint could not be reached is skipped for 1 s, doubling up to 30 s, while others
 * are up. Not thread-safe: the invoker calls it under its lock.
 */
final class SlotPool {
    private static final Logger LOG = LoggerFactory.getLogger(SlotPool.class);
    private static final long MAX_SKIP_NANOS = TimeUnit.SECONDS.toNanos(30);

    /** One invoke channel and its load. */
    static final class Slot {
        final String name;
        final LambdaTransport transport;
        final int capacity;
        int busy;
        int connectFailures;
        long skipUntilNanos;

        Slot(String name, LambdaTransport transport, int capacity) {
            this.name = name;
            this.transport = transport;
            this.capacity = capacity;
        }
    }

    private final List<Slot> slots;
    private int cursor;
    private int inFlight;

    SlotPool(List<Slot> slots) {
        if (slots.isEmpty()) {
            throw new IllegalArgumentException("at least one slot is needed");
        }
        this.slots = List.copyOf(slots);
    }

    List<Slot> slots() {
        return slots;
    }

    int inFlight() {
        return inFlight;
    }

    /** A free slot, now busy with one more invocation; null when none is free (or every free one is skipped). */
    Slot acquire(long now) {
        Slot best = null;
        int n = slots.size();
        for (int i = 0; i < n; i++) {
            Slot s = slots.get((cursor + i) % n);
            if (s.busy >= s.capacity || now - s.skipUntilNanos < 0) {
                continue;
            }
            if (best == null || (long) s.busy * best.capacity < (long) best.busy * s.capacity) {
                best = s;
            }
        }
        if (best != null) {
            cursor = (slots.indexOf(best) + 1) % n;
            best.busy++;
            inFlight++;
        }
        return best;
    }

    /** When the first free but skipped slot may be used again; {@link Long#MAX_VALUE} when there is none. */
    long nextWakeUp(long now) {
        long wakeAt = Long.MAX_VALUE;
        for (Slot s : slots) {
            if (s.busy < s.capacity && now - s.skipUntilNanos < 0) {
                wakeAt = Math.min(wakeAt, s.skipUntilNanos);
            }
        }
        return wakeAt;
    }

    /**
     * The invocation on {@code slot} has ended: {@code unreachable} when its endpoint could not be reached (the
     * slot is then skipped for a while), {@code answered} when it got an answer (resets the skip backoff).
     */
    void release(Slot slot, boolean unreachable, boolean answered, long now) {
        slot.busy--;
        inFlight--;
        if (unreachable) {
            slot.connectFailures++;
            long skip = Math.min(MAX_SKIP_NANOS, TimeUnit.SECONDS.toNanos(1) << Math.min(5, slot.connectFailures - 1));
            slot.skipUntilNanos = now + skip;
            LOG.warn("Lambda endpoint {} could not be reached ({} time(s) in a row); skipping it for {} ms", slot.name,
                    slot.connectFailures, TimeUnit.NANOSECONDS.toMillis(skip));
        } else if (answered) {
            slot.connectFailures = 0;
        }
    }
}
