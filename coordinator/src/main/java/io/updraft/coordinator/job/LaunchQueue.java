package io.updraft.coordinator.job;

import io.updraft.coordinator.job.StageRun.TaskRun;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * Attempts waiting to launch, FIFO in plan order (re-runs of lost map outputs go first); an attempt whose stage
 * still waits for an input is parked until a stage completes. Touched only inside {@link JobExecution}'s events.
 */
final class LaunchQueue {
    /** One attempt to launch; {@code speculative} when it duplicates a running straggler. */
    record Launch(StageRun stage, TaskRun task, boolean speculative) {
    }

    private final Deque<Launch> ready = new ArrayDeque<>();
    private final List<Launch> blocked = new ArrayList<>();

    void add(Launch l) {
        ready.add(l);
    }

    void addFirst(Launch l) {
        ready.addFirst(l);
    }

    /** A stage completed: parked attempts go back to the front of the queue, in their order. */
    void unblock() {
        for (int i = blocked.size() - 1; i >= 0; i--) {
            ready.addFirst(blocked.get(i));
        }
        blocked.clear();
    }

    void clear() {
        ready.clear();
        blocked.clear();
    }

    /**
     * The next attempt to launch, or null: launches of tasks committed meanwhile are dropped, those whose stage
     * still waits for an input ({@code inputsComplete} false) are parked. A non-speculative launch taken from the
     * queue is no longer pending.
     */
    Launch next(Predicate<StageRun> inputsComplete) {
        while (!ready.isEmpty()) {
            Launch l = ready.poll();
            if (l.task().committed != null) {
                if (!l.speculative()) {
                    l.task().pendingLaunch = false;
                }
                continue;
            }
            if (!inputsComplete.test(l.stage())) {
                blocked.add(l);
                continue;
            }
            if (!l.speculative()) {
                l.task().pendingLaunch = false;
            }
            return l;
        }
        return null;
    }
}
