package io.updraft.coordinator;

import java.util.concurrent.CompletableFuture;

/**
 * Runs one task attempt somewhere (a pool thread, a Lambda function) and returns its result.
 * The argument is a {@link io.updraft.core.task.TaskSpec} as JSON; the future completes with the
 * {@link io.updraft.core.task.TaskResult} as JSON. A task that fails in the worker still completes
 * normally with a FAILED result; the future completes exceptionally only when the invocation itself
 * broke. Implementations are thread-safe.
 */
public interface WorkerInvoker extends AutoCloseable {

    CompletableFuture<String> invoke(String taskSpecJson);

    /** How many tasks this invoker runs at once (local[N]: N). */
    int concurrency();

    /** Stops accepting tasks and waits for running ones to finish. */
    @Override
    default void close() {
    }
}
