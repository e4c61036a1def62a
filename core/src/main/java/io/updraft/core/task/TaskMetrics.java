package io.updraft.core.task;

/**
 * What one task attempt did; summed per stage by the coordinator. {@code spills}: how many times an
 * operator wrote state to local disk (sort runs, aggregation and join partitions); {@code spilledBytes}:
 * bytes written to spill files; {@code shuffleBytesWritten} / {@code shuffleBytesRead}: shuffle object
 * bytes PUT / fetched; {@code objectStoreRequests}: GET/PUT/HEAD requests this task sent to the object
 * store (shuffle and S3 input); {@code cpuNanos}: CPU time of the thread that ran the task (0 where it was not
 * measured, e.g. JSON from a worker older than the field — the field is optional on the wire).
 */
public record TaskMetrics(long rowsRead, long bytesRead, int rowGroupsRead, int rowGroupsSkipped, long rowsOutput,
                          long elapsedNanos, long spills, long spilledBytes, long shuffleBytesWritten,
                          long shuffleBytesRead, long objectStoreRequests, long cpuNanos) {
    public static final TaskMetrics EMPTY = new TaskMetrics(0, 0, 0, 0, 0, 0);

    /** Metrics of a task that neither spilled nor touched an object store. */
    public TaskMetrics(long rowsRead, long bytesRead, int rowGroupsRead, int rowGroupsSkipped, long rowsOutput,
                       long elapsedNanos) {
        this(rowsRead, bytesRead, rowGroupsRead, rowGroupsSkipped, rowsOutput, elapsedNanos, 0, 0, 0, 0, 0);
    }

    /** Metrics without the CPU time. */
    public TaskMetrics(long rowsRead, long bytesRead, int rowGroupsRead, int rowGroupsSkipped, long rowsOutput,
                       long elapsedNanos, long spills, long spilledBytes, long shuffleBytesWritten,
                       long shuffleBytesRead, long objectStoreRequests) {
        this(rowsRead, bytesRead, rowGroupsRead, rowGroupsSkipped, rowsOutput, elapsedNanos, spills, spilledBytes,
                shuffleBytesWritten, shuffleBytesRead, objectStoreRequests, 0);
    }

    /** The same metrics with the task thread's CPU time. */
    public TaskMetrics withCpuNanos(long nanos) {
        return new TaskMetrics(rowsRead, bytesRead, rowGroupsRead, rowGroupsSkipped, rowsOutput, elapsedNanos, spills,
                spilledBytes, shuffleBytesWritten, shuffleBytesRead, objectStoreRequests, nanos);
    }

    public TaskMetrics plus(TaskMetrics o) {
        return new TaskMetrics(rowsRead + o.rowsRead, bytesRead + o.bytesRead, rowGroupsRead + o.rowGroupsRead,
                rowGroupsSkipped + o.rowGroupsSkipped, rowsOutput + o.rowsOutput, elapsedNanos + o.elapsedNanos,
                spills + o.spills, spilledBytes + o.spilledBytes, shuffleBytesWritten + o.shuffleBytesWritten,
                shuffleBytesRead + o.shuffleBytesRead, objectStoreRequests + o.objectStoreRequests,
                cpuNanos + o.cpuNanos);
    }
}
