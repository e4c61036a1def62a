package io.updraft.coordinator.invoke;

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
 * format is exercised locally. A future cancelled before its task starts skips the task. {@link #stop} also
 * stops a started task: its thread is interrupted, the engine notices at its next batch
 * ({@code ExecutionContext.checkCancelled}), closes the pipeline and the task's allocator and returns a FAILED
 * result, which completes the future. Thread-safe.
 */
public final class InProcessInvoker implements WorkerInvoker {
    /** The worker side of an in-process invocation: TaskSpec JSON in, TaskResult JSON out. */
    @FunctionalInterface
    public interface LocalWorker {
        String run(String taskSpecJson);

        /** The job ended ({@link WorkerInvoker#jobEnded}); default: nothing. */
        default void jobEnded(String jobId) {
        }
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
        TaskFuture task = new TaskFuture(taskSpecJson);
        try {
            pool.execute(task);
        } catch (RuntimeException e) {
            task.completeExceptionally(e);
        }
        return task;
    }

    @Override
    public void jobEnded(String jobId) {
        worker.jobEnded(jobId);
    }

    @Override
    public boolean stopsRunningTasks() {
        return true;
    }

    @Override
    public void stop(CompletableFuture<String> invocation) {
        if (invocation instanceof TaskFuture task) {
            task.stop();
        } else {
            invocation.cancel(false);
        }
    }

    /** One invocation: its future, the task it runs, and the thread running it (to interrupt it). */
    private final class TaskFuture extends CompletableFuture<String> implements Runnable {
        private final String spec;
        private Thread runner;
        private boolean stopped;

        TaskFuture(String spec) {
            this.spec = spec;
        }

        @Override
        public void run() {
            synchronized (this) {
                if (stopped || isDone()) {
                    return;
                }
                runner = Thread.currentThread();
            }
            try {
                complete(worker.run(spec));
            } catch (Throwable t) {
                completeExceptionally(t);
            } finally {
                synchronized (this) {
                    runner = null;
                    Thread.interrupted(); // a stop that came after the task's end must not hit the next task
                }
            }
        }

        /** Skips the task if it has not started; interrupts it if it runs (it then completes on its own). */
        void stop() {
            boolean skip;
            synchronized (this) {
                stopped = true;
                skip = runner == null;
                if (!skip) {
                    runner.interrupt();
                }
            }
            if (skip) {
                cancel(false);
            }
        }
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
