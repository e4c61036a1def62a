package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;

/**
 * A task stopped because it was cancelled (see {@link ExecutionContext#checkCancelled}): its job failed or its
 * caller gave up. INTERNAL, but never retried in practice: the job that would retry it is already over.
 */
public final class TaskCancelledException extends UpdraftException {
    public TaskCancelledException(String message) {
        super(ErrorType.INTERNAL, message);
    }
}
