package io.updraft.core.task;

/**
 * What one task attempt did; summed per stage by the coordinator. {@code spills}: how many times an
 * operator wrote state to local disk (sort runs, aggregation and join partitions); {@code spilledBytes}:
 * bytes written to spill files; {@code shuffleBytesWritten} / {@code shuffleBytesRead}: shuffle object
 * bytes PUT / fetched; {@code objectStoreRequests}: GET/PUT/HEAD requests this task sent to the object
 * store (shuffle and S3 input).
 */
public record TaskMetrics(long rowsRead, long bytesRead, int rowGroupsRead, int rowGroupsSkipped, long rowsOutput,
                          long elapsedNanos, long spills, long spilledBytes, long shuffleBytesWritten,
                          long shuffleBytesRead, long objectStoreRequests) {
    public static final TaskMetrics EMPTY = new TaskMetrics(0, 0, 0, 0, 0, 0);

    /** Metrics of a task that neither spilled nor touched an object store. */
    public TaskMetrics(long rowsRead, long bytesRead, int rowGroupsRead, int rowGroupsSkipped, long rowsOutput,
                       long elapsedNanos) {
        this(rowsRead, bytesRead, rowGroupsRead, rowGroupsSkipped, rowsOutput, elapsedNanos, 0, 0, 0, 0, 0);
    }

    public TaskMetrics plus(TaskMetrics o) {
        return new TaskMetrics(rowsRead + o.rowsRead, bytesRead + o.bytesRead, rowGroupsRead + o.rowGroupsRead,
                rowGroupsSkipped + o.rowGroupsSkipped, rowsOutput + o.rowsOutput, elapsedNanos + o.elapsedNanos,
                spills + o.spills, spilledBytes + o.spilledBytes, shuffleBytesWritten + o.shuffleBytesWritten,
                shuffleBytesRead + o.shuffleBytesRead, objectStoreRequests + o.objectStoreRequests);
    }
}
