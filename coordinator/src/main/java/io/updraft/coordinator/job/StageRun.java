package io.updraft.coordinator.job;

import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskResult;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** The scheduler's state of one stage of a running job (touched only inside {@link JobExecution}'s events). */
final class StageRun {
    final Stage stage;
    /** 1-based position in the plan, for progress lines. */
    final int position;
    /** Stages that must have committed every task before this one starts. */
    final Set<Integer> dependencies = new LinkedHashSet<>();
    StageTasks tasks;
    TaskRun[] taskRuns;
    int committed;
    boolean completedOnce;
    /** Taken from a checkpoint: its tasks ran in an earlier coordinator. */
    boolean restored;
    long launchNanos;
    long elapsedNanos;
    int attempts;
    final List<Long> committedDurations = new ArrayList<>();

    StageRun(Stage stage, int position) {
        this.stage = stage;
        this.position = position;
    }

    boolean launched() {
        return tasks != null;
    }

    boolean complete() {
        return tasks != null && committed == taskRuns.length;
    }

    boolean isMap() {
        return tasks != null && tasks.isMapStage();
    }

    /** One task: its attempts so far, the running ones and the committed result. */
    static final class TaskRun {
        final int index;
        int nextAttempt;
        int failures;
        int lostOutputReruns;
        /** A non-speculative launch is queued, blocked or waiting for its backoff. */
        boolean pendingLaunch;
        boolean speculated;
        TaskResult committed;
        final List<AttemptRun> running = new ArrayList<>();

        TaskRun(int index) {
            this.index = index;
        }
    }

    /** One attempt in flight. */
    static final class AttemptRun {
        final int attempt;
        final long startNanos;
        CompletableFuture<String> invocation;

        AttemptRun(int attempt, long startNanos) {
            this.attempt = attempt;
            this.startNanos = startNanos;
        }
    }
}
