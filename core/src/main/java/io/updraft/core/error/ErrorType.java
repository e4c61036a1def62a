package io.updraft.core.error;

/** How a failure is handled: USER errors are never retried; TRANSIENT ones are; INTERNAL ones are bugs. */
public enum ErrorType {
    /** The user can fix it: unknown column, bad SQL, missing or unreadable file, type mismatch. */
    USER,
    /** Throttling, 5xx, timeouts: retried with backoff. */
    TRANSIENT,
    /** A bug or an unexpected state. */
    INTERNAL
}
