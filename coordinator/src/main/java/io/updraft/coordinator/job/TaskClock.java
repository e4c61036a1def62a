package io.updraft.coordinator.job;

import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Time for the scheduler: a monotonic nano clock and delayed actions (retry backoff, speculation checks,
 * invocation timeouts). Injected so tests drive time by hand and never sleep. Implementations are thread-safe;
 * a scheduled action runs once, on a thread of the clock's choosing, unless cancelled first.
 */
public interface TaskClock {

    /** Monotonic time in nanoseconds (only differences mean anything). */
    long nanoTime();

    /** Runs {@code action} once after {@code delayNanos} (0 or less: as soon as possible). */
    Cancellable schedule(long delayNanos, Runnable action);

    /** A scheduled action that can be called off; cancelling a finished or cancelled action does nothing. */
    @FunctionalInterface
    interface Cancellable {
        void cancel();
    }

    /** {@link System#nanoTime()} and one shared daemon timer thread. */
    static TaskClock system() {
        return SystemClock.INSTANCE;
    }

    /** The system timer with another time source (tests that only need deterministic durations). */
    static TaskClock withTicker(LongSupplier nanoTime) {
        Objects.requireNonNull(nanoTime, "nanoTime is null");
        return new TaskClock() {
            @Override
            public long nanoTime() {
                return nanoTime.getAsLong();
            }

            @Override
            public Cancellable schedule(long delayNanos, Runnable action) {
                return SystemClock.INSTANCE.schedule(delayNanos, action);
            }
        };
    }

    /** The process-wide system clock. */
    final class SystemClock implements TaskClock {
        static final SystemClock INSTANCE = new SystemClock();
        private final ScheduledExecutorService timer;

        private SystemClock() {
            ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = Executors.defaultThreadFactory().newThread(r);
                t.setName("updraft-timer");
                t.setDaemon(true);
                return t;
            });
            executor.setRemoveOnCancelPolicy(true);
            this.timer = executor;
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public Cancellable schedule(long delayNanos, Runnable action) {
            Objects.requireNonNull(action, "action is null");
            ScheduledFuture<?> f = timer.schedule(action, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
            return () -> f.cancel(false);
        }
    }
}
