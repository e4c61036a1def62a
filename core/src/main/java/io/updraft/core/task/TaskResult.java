package io.updraft.core.task;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.error.ErrorType;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * What a worker returns for one task attempt. On success: the output schema and either the rows as
 * Arrow IPC stream bytes (base64; empty list when the task produced no rows) or, for a map task
 * (a {@code ShuffleWrite} root), the {@link ShuffleOutput} it wrote and no rows. On failure: the error
 * type and a message meant for the user. A failure whose message starts with
 * {@value #SHUFFLE_OUTPUT_LOST} (type INTERNAL) means an input shuffle object is gone: the coordinator
 * re-runs the task that produced it (the message continues with the object's URI).
 */
public record TaskResult(String jobId, int stageId, int taskId, int attempt, TaskStatus status, StructType schema,
                         List<String> arrowIpcBase64, ErrorType errorType, String errorMessage, TaskMetrics metrics,
                         ShuffleOutput shuffleOutput) {
    /** Prefix of the error message of a task that found an input shuffle object missing. */
    public static final String SHUFFLE_OUTPUT_LOST = "Shuffle output lost: ";

    public TaskResult {
        Objects.requireNonNull(jobId, "jobId is null");
        Objects.requireNonNull(status, "status is null");
        arrowIpcBase64 = arrowIpcBase64 == null ? List.of() : List.copyOf(arrowIpcBase64);
        metrics = metrics == null ? TaskMetrics.EMPTY : metrics;
    }

    /** A result without shuffle output (rows inline, or a failure). */
    public TaskResult(String jobId, int stageId, int taskId, int attempt, TaskStatus status, StructType schema,
                      List<String> arrowIpcBase64, ErrorType errorType, String errorMessage, TaskMetrics metrics) {
        this(jobId, stageId, taskId, attempt, status, schema, arrowIpcBase64, errorType, errorMessage, metrics, null);
    }

    public static TaskResult success(TaskSpec spec, StructType schema, List<String> batches, TaskMetrics metrics) {
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.SUCCEEDED,
                schema, batches, null, null, metrics);
    }

    /** A map task's success: the shuffle object it wrote, no inline rows. */
    public static TaskResult shuffleSuccess(TaskSpec spec, StructType schema, ShuffleOutput output,
                                            TaskMetrics metrics) {
        Objects.requireNonNull(output, "output is null");
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.SUCCEEDED,
                schema, List.of(), null, null, metrics, output);
    }

    public static TaskResult failure(TaskSpec spec, ErrorType type, String message, TaskMetrics metrics) {
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.FAILED,
                null, List.of(), type, message, metrics);
    }

    /** The URI of the missing input shuffle object when this failure is a lost shuffle output, else null. */
    @JsonIgnore
    public String lostShuffleObject() {
        if (status != TaskStatus.FAILED || errorMessage == null || !errorMessage.startsWith(SHUFFLE_OUTPUT_LOST)) {
            return null;
        }
        return errorMessage.substring(SHUFFLE_OUTPUT_LOST.length()).strip();
    }
}
