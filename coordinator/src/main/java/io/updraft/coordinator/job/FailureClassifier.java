package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.task.TaskResult;

import java.util.concurrent.CancellationException;

/**
 * What a failed attempt means for its job, as a pure function of its {@link AttemptOutcome}:
 * <ul>
 *   <li>a lost input shuffle object ({@link TaskResult#lostShuffleObject()}) → {@link LostOutput}: re-run its
 *   producer, then this task (the failure does not count);</li>
 *   <li>a USER result or exception → {@link Fatal} with the worker's error class, SQLSTATE and text; an invocation
 *   the worker refused ({@code REJECTED}) → {@link Fatal} USER "… could not run: …";</li>
 *   <li>a TRANSIENT result or any other invocation failure (crash, throttling, 5xx, timeout) → {@link Counted}
 *   retryable; an INTERNAL result (a deterministic engine bug) → {@link Counted} not retryable;</li>
 *   <li>a stopped attempt (its invocation cancelled) → {@link Ignored}.</li>
 * </ul>
 */
final class FailureClassifier {
    private FailureClassifier() {
    }

    /** The decision for one failed attempt. */
    sealed interface Decision {
    }

    /** The job fails with {@code error} at once. */
    record Fatal(UpdraftException error) implements Decision {
    }

    /** The failure counts against the task's attempts; {@code message} names the task and says what happened. */
    record Counted(boolean retryable, String message, Throwable cause) implements Decision {
    }

    /** The attempt found the input shuffle object {@code uri} missing. */
    record LostOutput(String uri) implements Decision {
    }

    /** Nothing to do (the attempt was stopped on purpose). */
    record Ignored() implements Decision {
    }

    /** {@code task} names the attempt: "Task 0 (attempt 1) of stage 2 in job-…". */
    static Decision classify(AttemptOutcome outcome, String task) {
        TaskResult r = outcome.result();
        if (r != null) {
            if (r.lostShuffleObject() != null) {
                return new LostOutput(r.lostShuffleObject());
            }
            ErrorType type = r.errorType() == null ? ErrorType.INTERNAL : r.errorType();
            String text = r.errorMessage() == null ? "(no message)" : r.errorMessage();
            if (type == ErrorType.USER) {
                return new Fatal(new UpdraftException(ErrorType.USER, r.errorClass(), r.sqlState(), text, null));
            }
            return new Counted(type == ErrorType.TRANSIENT, task + " failed (" + type + "): "
                    + UpdraftException.compose(r.errorClass(), r.sqlState(), text), null);
        }
        Throwable e = outcome.error();
        if (e instanceof CancellationException) {
            return new Ignored();
        }
        if (e instanceof UpdraftException u && u.type() == ErrorType.USER) {
            return new Fatal(u);
        }
        if (e instanceof WorkerInvocationException w && !w.retryable()) {
            return new Fatal(new UpdraftException(ErrorType.USER, task + " could not run: " + w.getMessage(), w));
        }
        return new Counted(true, task + " could not run: " + (e instanceof WorkerInvocationException
                ? e.getMessage() : e), e);
    }
}
