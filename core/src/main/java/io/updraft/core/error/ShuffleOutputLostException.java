package io.updraft.core.error;

import java.util.Objects;

/**
 * An input shuffle object of a task is gone (deleted, expired, never written). INTERNAL: the task itself cannot
 * recover, but the coordinator can — it re-runs the map task that produced the object (named by {@link #uri()}),
 * then this task. The worker reports it as {@code TaskResult.lostShuffleObject}.
 */
public class ShuffleOutputLostException extends UpdraftException {
    private final String uri;

    public ShuffleOutputLostException(String uri, Throwable cause) {
        super(ErrorType.INTERNAL, message(Objects.requireNonNull(uri, "uri is null")), cause);
        this.uri = uri;
    }

    /** "Shuffle output lost: {@code uri}". */
    public static String message(String uri) {
        return "Shuffle output lost: " + uri;
    }

    /** The URI of the missing object (its key under the shuffle root names job, stage, task and attempt). */
    public String uri() {
        return uri;
    }
}
