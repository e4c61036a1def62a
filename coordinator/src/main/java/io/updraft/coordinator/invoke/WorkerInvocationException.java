package io.updraft.coordinator.invoke;

import java.util.Objects;

/**
 * An invocation that did not produce a TaskResult: the worker crashed or raised a function error, the service
 * throttled or failed (429, 5xx), the call timed out, or the request was refused (bad configuration).
 * {@link Kind#retryable()} decides whether the scheduler tries the task again.
 */
public class WorkerInvocationException extends RuntimeException {
    /** Why the invocation failed. */
    public enum Kind {
        /** The worker process died or its handler threw (Lambda FunctionError / Unhandled). */
        CRASH(true),
        /** 429 TooManyRequests, SlowDown, concurrency limits. */
        THROTTLED(true),
        /** 5xx from the service. */
        SERVER_ERROR(true),
        /** No answer within the invocation timeout, or an SDK/network timeout or connection failure. */
        TIMEOUT(true),
        /** Refused for a reason retrying cannot fix (unknown function, access denied, payload too large). */
        REJECTED(false);

        private final boolean retryable;

        Kind(boolean retryable) {
            this.retryable = retryable;
        }

        public boolean retryable() {
            return retryable;
        }
    }

    private final Kind kind;

    public WorkerInvocationException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind is null");
    }

    public WorkerInvocationException(Kind kind, String message) {
        this(kind, message, null);
    }

    public Kind kind() {
        return kind;
    }

    public boolean retryable() {
        return kind.retryable();
    }
}
