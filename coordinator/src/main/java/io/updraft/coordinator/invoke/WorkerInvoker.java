package io.updraft.coordinator.invoke;

import java.util.concurrent.CompletableFuture;

/**
 * Runs one task attempt somewhere (a pool thread, a Lambda function) and returns its result.
 * The argument is a {@link io.updraft.core.task.TaskSpec} as JSON; the future completes with the
 * {@link io.updraft.core.task.TaskResult} as JSON. A task that fails in the worker still completes
 * normally with a FAILED result; the future completes exceptionally only when the invocation itself
 * broke — preferably with a {@link WorkerInvocationException} saying whether a retry may help (any other
 * exception counts as a worker crash, which is retried). Cancelling a returned future skips the task if it
 * has not started; a started one runs on and its result is dropped. An invoker that can stop a started task
 * says so with {@link #stopsRunningTasks()} and does it in {@link #stop}. Implementations are thread-safe and
 * never block in {@link #invoke} for long (queue instead).
 */
public interface WorkerInvoker extends AutoCloseable {

    CompletableFuture<String> invoke(String taskSpecJson);

    /** How many tasks this invoker runs at once (local[N]: N); the scheduler keeps at most this many in flight. */
    int concurrency();

    /**
     * Whether {@link #stop} ends a started task early. When true, the future of a stopped invocation completes
     * only once the task has really ended (its memory released, its output written or not), so a job can wait
     * for its tasks before it reports its end. Default false: a started task runs to its end (a Lambda
     * invocation cannot be recalled).
     */
    default boolean stopsRunningTasks() {
        return false;
    }

    /**
     * Asks an invocation returned by {@link #invoke} to stop: a queued task is skipped, a started one (when
     * {@link #stopsRunningTasks()}) ends at its next check with a FAILED result. Default: does nothing.
     */
    default void stop(CompletableFuture<String> invocation) {
    }

    /**
     * The job ended (its result or failure is final): what the workers kept for it may go (local mode: its shared
     * broadcast tables). Default: nothing.
     */
    default void jobEnded(String jobId) {
    }

    /** Object-store requests the invoker itself made so far (e.g. payloads too large to send inline). */
    default StoreRequests storeRequests() {
        return StoreRequests.NONE;
    }

    /** Stops accepting tasks and waits for running ones to finish. */
    @Override
    default void close() {
    }
}
