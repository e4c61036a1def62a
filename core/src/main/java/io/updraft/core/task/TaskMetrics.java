package io.updraft.core.task;

/** What one task attempt did; summed per stage by the coordinator. */
public record TaskMetrics(long rowsRead, long bytesRead, int rowGroupsRead, int rowGroupsSkipped, long rowsOutput,
                          long elapsedNanos) {
    public static final TaskMetrics EMPTY = new TaskMetrics(0, 0, 0, 0, 0, 0);

    public TaskMetrics plus(TaskMetrics o) {
        return new TaskMetrics(rowsRead + o.rowsRead, bytesRead + o.bytesRead, rowGroupsRead + o.rowGroupsRead,
                rowGroupsSkipped + o.rowGroupsSkipped, rowsOutput + o.rowsOutput, elapsedNanos + o.elapsedNanos);
    }
}
