package io.updraft.core.task;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * What a worker returns for one task attempt. On success: the output schema and either the rows as
 * Arrow IPC stream bytes (base64; empty list when the task produced no rows) or, for a map task
 * (a {@code ShuffleWrite} root), the {@link ShuffleOutput} it wrote and no rows. On failure: the error
 * type, Spark's error class and SQLSTATE when the error has them (else null), the message text meant for the
 * user (without class and SQLSTATE: {@link #fullErrorMessage()} composes them as Spark shows them) and, when the
 * task found an input shuffle object missing, that object's URI in {@code lostShuffleObject} (type INTERNAL):
 * the coordinator then re-runs the task that produced it. A write task (a {@code FileWrite} root) returns the
 * files it wrote, still pending, in {@code writtenFiles} (a failed write attempt removes what it staged itself,
 * best effort); the coordinator makes the committed attempt's files visible at job commit.
 */
public record TaskResult(String jobId, int stageId, int taskId, int attempt, TaskStatus status, StructType schema,
                         List<String> arrowIpcBase64, ErrorType errorType, String errorClass, String sqlState,
                         String errorMessage, TaskMetrics metrics, ShuffleOutput shuffleOutput,
                         String lostShuffleObject, List<WrittenFile> writtenFiles) {

    public TaskResult {
        Objects.requireNonNull(jobId, "jobId is null");
        Objects.requireNonNull(status, "status is null");
        arrowIpcBase64 = arrowIpcBase64 == null ? List.of() : List.copyOf(arrowIpcBase64);
        metrics = metrics == null ? TaskMetrics.EMPTY : metrics;
        writtenFiles = writtenFiles == null ? List.of() : List.copyOf(writtenFiles);
    }

    /** A result without written files. */
    public TaskResult(String jobId, int stageId, int taskId, int attempt, TaskStatus status, StructType schema,
                      List<String> arrowIpcBase64, ErrorType errorType, String errorClass, String sqlState,
                      String errorMessage, TaskMetrics metrics, ShuffleOutput shuffleOutput,
                      String lostShuffleObject) {
        this(jobId, stageId, taskId, attempt, status, schema, arrowIpcBase64, errorType, errorClass, sqlState,
                errorMessage, metrics, shuffleOutput, lostShuffleObject, List.of());
    }

    /** A result without shuffle output and without error class (rows inline, or a plain failure). */
    public TaskResult(String jobId, int stageId, int taskId, int attempt, TaskStatus status, StructType schema,
                      List<String> arrowIpcBase64, ErrorType errorType, String errorMessage, TaskMetrics metrics) {
        this(jobId, stageId, taskId, attempt, status, schema, arrowIpcBase64, errorType, null, null, errorMessage,
                metrics, null, null);
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
                schema, List.of(), null, null, null, null, metrics, output, null);
    }

    /**
     * A write task's success: the files it wrote, pending (visible only once the coordinator commits the job),
     * no inline rows.
     */
    public static TaskResult writeSuccess(TaskSpec spec, StructType schema, List<WrittenFile> files,
                                          TaskMetrics metrics) {
        Objects.requireNonNull(files, "files is null");
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.SUCCEEDED,
                schema, List.of(), null, null, null, null, metrics, null, null, files);
    }

    public static TaskResult failure(TaskSpec spec, ErrorType type, String message, TaskMetrics metrics) {
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.FAILED,
                null, List.of(), type, message, metrics);
    }

    /**
     * The failure {@code e}: its type, error class, SQLSTATE and text, and the missing object's URI when it is a
     * {@link ShuffleOutputLostException}.
     */
    public static TaskResult failure(TaskSpec spec, UpdraftException e, TaskMetrics metrics) {
        String lost = e instanceof ShuffleOutputLostException l ? l.uri() : null;
        return new TaskResult(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt(), TaskStatus.FAILED,
                null, List.of(), e.type(), e.errorClass(), e.sqlState(), e.text(), metrics, null, lost);
    }

    /** The failure as the user sees it: {@code [ERROR_CLASS] text SQLSTATE: xxxxx} (parts only when present). */
    @JsonIgnore
    public String fullErrorMessage() {
        return UpdraftException.compose(errorClass, sqlState, errorMessage);
    }
}
