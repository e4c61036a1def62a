package io.updraft.coordinator.summary;

import io.updraft.core.task.TaskMetrics;

import java.util.Objects;

/** What one stage did: its tasks' metrics summed, and its wall-clock time. */
public record StageMetrics(int stageId, String description, int tasks, TaskMetrics totals, long elapsedNanos) {
    public StageMetrics {
        Objects.requireNonNull(description, "description is null");
        Objects.requireNonNull(totals, "totals is null");
    }

    /** Rows the stage consumed: rows read by its leaves, or rows produced when the worker reports no reads. */
    public long rows() {
        return totals.rowsRead() > 0 ? totals.rowsRead() : totals.rowsOutput();
    }
}
