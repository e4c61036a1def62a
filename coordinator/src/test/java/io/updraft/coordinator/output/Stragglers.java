package io.updraft.coordinator.output;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The commit fault tests' straggler: a task attempt that runs on after its speculative copy has committed. */
final class Stragglers {
    private Stragglers() {
    }

    /**
     * Waits until the other tasks are done (then half a second more) or {@code seconds} pass, ignoring the
     * interrupt that stops it as a duplicate — it runs on, as a Lambda invocation would — and clears it.
     */
    static void outliveTheOthers(CountDownLatch othersDone, long seconds) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < until) {
            try {
                othersDone.await(until - System.nanoTime(), TimeUnit.NANOSECONDS);
                Thread.sleep(500);
                break;
            } catch (InterruptedException e) {
                // stopped as a duplicate: runs on anyway
            }
        }
        Thread.interrupted();
    }
}
