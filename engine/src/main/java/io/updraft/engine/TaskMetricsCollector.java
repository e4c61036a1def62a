package io.updraft.engine;

import io.updraft.core.task.TaskMetrics;

/** Counters operators bump while a task runs; snapshot with {@link #toMetrics}. Single-threaded. */
public final class TaskMetricsCollector {
    private long rowsRead;
    private long bytesRead;
    private int rowGroupsRead;
    private int rowGroupsSkipped;
    private long rowsOutput;

    public void addRowsRead(long rows) {
        rowsRead += rows;
    }

    public void addBytesRead(long bytes) {
        bytesRead += bytes;
    }

    public void addRowGroupRead() {
        rowGroupsRead++;
    }

    public void addRowGroupSkipped() {
        rowGroupsSkipped++;
    }

    public void addRowsOutput(long rows) {
        rowsOutput += rows;
    }

    public long rowsRead() {
        return rowsRead;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public int rowGroupsRead() {
        return rowGroupsRead;
    }

    public int rowGroupsSkipped() {
        return rowGroupsSkipped;
    }

    public long rowsOutput() {
        return rowsOutput;
    }

    public TaskMetrics toMetrics(long elapsedNanos) {
        return new TaskMetrics(rowsRead, bytesRead, rowGroupsRead, rowGroupsSkipped, rowsOutput, elapsedNanos);
    }
}
