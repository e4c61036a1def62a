package io.updraft.coordinator.job;

import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs posted events one at a time, in order, on whichever thread posts while no other thread is draining
 * (no thread of its own). State touched only inside events needs no locks: successive drains hand over
 * through the {@code draining} flag. An event posted from inside an event runs after it, never nested.
 * An event that throws is passed to {@code onError}; the loop goes on. Thread-safe.
 */
final class EventLoop {
    private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final Consumer<Throwable> onError;

    EventLoop(Consumer<Throwable> onError) {
        this.onError = Objects.requireNonNull(onError, "onError is null");
    }

    void post(Runnable event) {
        queue.add(Objects.requireNonNull(event, "event is null"));
        drain();
    }

    private void drain() {
        while (!queue.isEmpty()) {
            if (!draining.compareAndSet(false, true)) {
                return;
            }
            try {
                Runnable event;
                while ((event = queue.poll()) != null) {
                    try {
                        event.run();
                    } catch (Throwable t) {
                        onError.accept(t);
                    }
                }
            } finally {
                draining.set(false);
            }
        }
    }
}
