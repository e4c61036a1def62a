package io.updraft.coordinator.job;

import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * A job's delayed actions (retry backoff, speculation checks) on the injected {@link TaskClock}: each runs as an
 * event on the job's {@link EventLoop}, unless the job has finished by then. Touched only inside events.
 */
final class JobTimers {
    private final TaskClock clock;
    private final EventLoop loop;
    private final BooleanSupplier finished;
    private final Set<TaskClock.Cancellable> pending = new HashSet<>();

    JobTimers(TaskClock clock, EventLoop loop, BooleanSupplier finished) {
        this.clock = clock;
        this.loop = loop;
        this.finished = finished;
    }

    /** Runs {@code action} as an event after {@code delayNanos}, unless the job has finished by then. */
    void schedule(long delayNanos, Runnable action) {
        TaskClock.Cancellable[] handle = new TaskClock.Cancellable[1];
        handle[0] = clock.schedule(delayNanos, () -> loop.post(() -> {
            pending.remove(handle[0]);
            if (!finished.getAsBoolean()) {
                action.run();
            }
        }));
        pending.add(handle[0]);
    }

    /** Cancels every pending action. */
    void cancelAll() {
        for (TaskClock.Cancellable timer : pending) {
            timer.cancel();
        }
        pending.clear();
    }
}
