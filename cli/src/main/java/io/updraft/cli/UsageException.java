package io.updraft.cli;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;

/** A command line the tool cannot run: unknown command or option, missing or bad value. Exit status 2. */
public final class UsageException extends UpdraftException {
    public UsageException(String message) {
        super(ErrorType.USER, message);
    }
}
