package io.updraft.engine;

import io.updraft.core.task.TaskMetrics;

/** Counters operators bump while a task runs; snapshot with {@link #toMetrics}. Single-threaded. */
public final class TaskMetricsCollector {
    private long rowsRead;
    private long bytesRead;
    private int rowGroupsRead;
    private int rowGroupsSkipped;
    private long rowsOutput;
    private long spills;
    private long spilledBytes;
    private long shuffleBytesWritten;
    private long shuffleBytesRead;
    private long objectStoreRequests;

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

    /** One spill event: an operator wrote (part of) its state to local disk. */
    public void addSpill() {
        spills++;
    }

    public void addSpilledBytes(long bytes) {
        spilledBytes += bytes;
    }

    public void addShuffleBytesWritten(long bytes) {
        shuffleBytesWritten += bytes;
    }

    public void addShuffleBytesRead(long bytes) {
        shuffleBytesRead += bytes;
    }

    public void addObjectStoreRequests(long requests) {
        objectStoreRequests += requests;
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

    public long spills() {
        return spills;
    }

    public long spilledBytes() {
        return spilledBytes;
    }

    public long shuffleBytesWritten() {
        return shuffleBytesWritten;
    }

    public long shuffleBytesRead() {
        return shuffleBytesRead;
    }

    public long objectStoreRequests() {
        return objectStoreRequests;
    }

    public TaskMetrics toMetrics(long elapsedNanos) {
        return new TaskMetrics(rowsRead, bytesRead, rowGroupsRead, rowGroupsSkipped, rowsOutput, elapsedNanos, spills,
                spilledBytes, shuffleBytesWritten, shuffleBytesRead, objectStoreRequests);
    }
}
