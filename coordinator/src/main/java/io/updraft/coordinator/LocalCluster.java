package io.updraft.coordinator;

import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

import java.util.Objects;

/**
 * Local mode (local[N]) in one object: the process's Arrow {@link RootAllocator}, the engine's
 * {@link TaskRunner} on an {@link InProcessInvoker} of N threads (tasks still travel as JSON), a cached
 * footer reader and a result decoder. {@link #close()} stops the pool, waiting for running tasks, then
 * closes the allocator, which throws {@link IllegalStateException} if any Arrow memory leaked.
 * Thread-safe.
 */
public final class LocalCluster implements AutoCloseable {
    private final int threads;
    private final BufferAllocator allocator;
    private final InProcessInvoker invoker;
    private final ParquetFooterReader footers;
    private final BatchDecoder decoder;

    private LocalCluster(int threads) {
        this.threads = threads;
        this.allocator = new RootAllocator();
        TaskRunner runner = new TaskRunner(allocator);
        this.invoker = new InProcessInvoker(threads, runner::runJson);
        this.footers = new CachingFooterReader(new EngineParquetFooters());
        this.decoder = (batches, schema) -> ArrowRows.decode(batches, schema, allocator);
    }

    /** Starts N task threads and the allocator. */
    public static LocalCluster start(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        return new LocalCluster(threads);
    }

    public int threads() {
        return threads;
    }

    /** The root allocator tasks and result decoding allocate from; owned (and closed) by this cluster. */
    public BufferAllocator allocator() {
        return allocator;
    }

    public WorkerInvoker invoker() {
        return invoker;
    }

    public ParquetFooterReader footers() {
        return footers;
    }

    public BatchDecoder decoder() {
        return decoder;
    }

    /** A job runner on this cluster's threads with the given options. */
    public JobRunner jobRunner(JobRunnerOptions options) {
        return new JobRunner(invoker, footers, decoder, Objects.requireNonNull(options, "options is null"));
    }

    /** Stops the task threads, then closes the allocator; throws if Arrow memory is still allocated. */
    @Override
    public void close() {
        try {
            invoker.close();
        } finally {
            allocator.close();
        }
    }
}
