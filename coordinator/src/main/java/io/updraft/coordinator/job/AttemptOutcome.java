package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskStatus;

import java.util.concurrent.CompletionException;

/**
 * What came back from one invocation: the worker's decoded {@link TaskResult}, or why there is none (an
 * invocation failure, an answer that is not a TaskResult or is one for another attempt). Immutable.
 */
record AttemptOutcome(TaskResult result, Throwable error) {

    /** The outcome of the invocation of attempt {@code attempt} of task {@code taskId} of stage {@code stageId}. */
    static AttemptOutcome decode(String json, Throwable error, int stageId, int taskId, int attempt) {
        if (error != null) {
            return new AttemptOutcome(null, unwrap(error));
        }
        try {
            TaskResult r = TaskCodec.decodeResult(json);
            if (r.stageId() != stageId || r.taskId() != taskId || r.attempt() != attempt) {
                if (r.status() == TaskStatus.FAILED && r.stageId() < 0) {
                    return new AttemptOutcome(r, null);  // the worker could not even decode the spec: keep its message
                }
                return new AttemptOutcome(null, new WorkerInvocationException(WorkerInvocationException.Kind.CRASH,
                        "the worker answered for stage " + r.stageId() + " task " + r.taskId() + " attempt "
                                + r.attempt()));
            }
            return new AttemptOutcome(r, null);
        } catch (RuntimeException e) {
            String head = json == null ? "null" : json.substring(0, Math.min(200, json.length()));
            return new AttemptOutcome(null, new WorkerInvocationException(WorkerInvocationException.Kind.CRASH,
                    "the worker's answer is not a TaskResult (" + e.getMessage() + "): " + head, e));
        }
    }

    boolean succeeded() {
        return result != null && result.status() == TaskStatus.SUCCEEDED;
    }

    static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
