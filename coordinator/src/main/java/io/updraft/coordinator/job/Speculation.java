package io.updraft.coordinator.job;

import io.updraft.coordinator.job.StageRun.TaskRun;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Spark's speculation rule over a job's stages: in a stage where at least {@code quantile} of the tasks have
 * committed, a task whose only running attempt has run longer than max({@code minRuntime}, {@code multiplier} ×
 * the median committed time) is a straggler and gets one duplicate attempt (once per task).
 */
final class Speculation {
    private Speculation() {
    }

    /** A task to launch a speculative copy of. */
    record Straggler(StageRun stage, TaskRun task) {
    }

    /** The stragglers at {@code now} that have no speculative copy yet. */
    static List<Straggler> stragglers(List<StageRun> stages, SpeculationPolicy policy, long now) {
        List<Straggler> out = new ArrayList<>();
        for (StageRun s : stages) {
            if (!s.launched() || s.complete() || s.committed < policy.finishedBeforeSpeculating(s.taskRuns.length)) {
                continue;
            }
            long threshold = policy.thresholdNanos(median(s.committedDurations));
            for (TaskRun t : s.taskRuns) {
                if (t.committed == null && t.running.size() == 1 && !t.speculated && !t.pendingLaunch
                        && now - t.running.get(0).startNanos > threshold) {
                    out.add(new Straggler(s, t));
                }
            }
        }
        return out;
    }

    static long median(List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        if (sorted.length == 0) {
            return 0;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
