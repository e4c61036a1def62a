package io.updraft.core.task;

import io.updraft.core.error.ErrorType;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * What a worker returns for one task attempt. On success: the output schema and rows as Arrow IPC
 * stream bytes (base64; empty list when the task produced no rows). On failure: the error type and a
 * message meant for the user.
 */
public record TaskResult(String jobId, int stageId, int taskId, int attempt, TaskStatus status, StructType schema,
                         List<String> arrowIpcBase64, ErrorType errorType, String errorMessage, TaskMetrics metrics) {
    public TaskResult {
        Objects.requireNonNull(jobId, "jobId is null");
        Objects.requireNonNull(status, "status is null");
        arrowIpcBase64 = arrowIpcBase64 == null ? List.of() : List.copyOf(arrowIpcBase64);
        metrics = metrics == null ? TaskMetrics.EMPTY : metrics;
    }

    public static TaskResult success(TaskSpec spec, StructType schema, List<String> batches, TaskMetrics metrics) {
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.SUCCEEDED,
                schema, batches, null, null, metrics);
    }

    public static TaskResult failure(TaskSpec spec, ErrorType type, String message, TaskMetrics metrics) {
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.FAILED,
                null, List.of(), type, message, metrics);
    }
}
