package io.updraft.coordinator;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs tasks on a fixed pool of {@code threads} daemon threads in this JVM (local[N]). Each task still
 * travels as TaskSpec JSON into the worker function and comes back as TaskResult JSON, so the wire
 * format is exercised locally. A future cancelled before its task starts skips the task.
 * Thread-safe.
 */
public final class InProcessInvoker implements WorkerInvoker {
    /** The worker side of an in-process invocation: TaskSpec JSON in, TaskResult JSON out. */
    @FunctionalInterface
    public interface LocalWorker {
        String run(String taskSpecJson);
    }

    private static final AtomicInteger POOLS = new AtomicInteger();

    private final int threads;
    private final LocalWorker worker;
    private final ExecutorService pool;

    public InProcessInvoker(int threads, LocalWorker worker) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        this.threads = threads;
        this.worker = Objects.requireNonNull(worker, "worker is null");
        this.pool = Executors.newFixedThreadPool(threads, daemonThreads("updraft-task-" + POOLS.incrementAndGet()));
    }

    @Override
    public CompletableFuture<String> invoke(String taskSpecJson) {
        Objects.requireNonNull(taskSpecJson, "taskSpecJson is null");
        return CompletableFuture.supplyAsync(() -> worker.run(taskSpecJson), pool);
    }

    @Override
    public int concurrency() {
        return threads;
    }

    /** Stops the pool and waits (up to a minute) for running tasks, so their memory is released. */
    @Override
    public void close() {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
