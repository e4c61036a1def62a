package io.updraft.coordinator.testing;

import io.updraft.coordinator.job.TaskClock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link TaskClock} that moves only when a test calls {@link #advance}: due actions run on the advancing
 * thread, in time order, each at its own time (actions they schedule run too when due within the step).
 * Records every delay asked for. Thread-safe.
 */
public final class ManualClock implements TaskClock {
    private record Entry(long due, long seq, Runnable action, boolean[] cancelled) {
    }

    private long now = 1_000_000_000L;
    private long seq;
    private final List<Entry> entries = new ArrayList<>();
    private final List<Long> delays = new ArrayList<>();

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    @Override
    public synchronized Cancellable schedule(long delayNanos, Runnable action) {
        boolean[] cancelled = new boolean[1];
        entries.add(new Entry(now + Math.max(0, delayNanos), seq++, action, cancelled));
        delays.add(delayNanos);
        return () -> {
            synchronized (ManualClock.this) {
                cancelled[0] = true;
            }
        };
    }

    /** Every delay passed to {@link #schedule}, in order. */
    public synchronized List<Long> delays() {
        return List.copyOf(delays);
    }

    /** Actions scheduled and neither run nor cancelled. */
    public synchronized int pending() {
        return (int) entries.stream().filter(e -> !e.cancelled()[0]).count();
    }

    public void advance(Duration step) {
        long target;
        synchronized (this) {
            target = now + step.toNanos();
        }
        while (true) {
            Entry next = null;
            synchronized (this) {
                for (Entry e : entries) {
                    if (e.due() <= target && (next == null || e.due() < next.due()
                            || e.due() == next.due() && e.seq() < next.seq())) {
                        next = e;
                    }
                }
                if (next == null) {
                    now = target;
                    return;
                }
                entries.remove(next);
                now = Math.max(now, next.due());
                if (next.cancelled()[0]) {
                    continue;
                }
            }
            next.action().run();
        }
    }
}
