package io.updraft.coordinator;

import io.updraft.coordinator.invoke.InProcessInvoker;
import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.job.BatchDecoder;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.scan.CachingFooterReader;
import io.updraft.coordinator.scan.EngineParquetFooters;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.core.conf.SettingKeys;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.engine.store.ObjectStoreProvider;
import io.updraft.engine.store.ObjectStores;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Local mode (local[N]) in one object: the process's Arrow {@link RootAllocator}, the engine's
 * {@link TaskRunner} on an {@link InProcessInvoker} of N threads (tasks still travel as JSON; a task's default memory
 * is derived from the heap, {@link LocalTaskMemory}), a cached
 * footer reader, a result decoder and the session's {@link ShuffleRoot} (setting {@code updraft.shuffle.root},
 * default a temp folder of its own). {@link #close()} stops the pool, waiting for running tasks, deletes the
 * temp shuffle folder, then closes the allocator, which throws {@link IllegalStateException} if any Arrow
 * memory leaked. Thread-safe.
 */
public final class LocalCluster implements Cluster {
    private final int threads;
    private final BufferAllocator allocator;
    private final TaskRunner runner;
    private final InProcessInvoker invoker;
    private final ParquetFooterReader footers;
    private final BatchDecoder decoder;
    private final ShuffleRoot shuffleRoot;
    private final CheckpointStores checkpoints = new CheckpointStores();

    private LocalCluster(int threads, Map<String, String> settings, ObjectStoreProvider workerStores) {
        this.threads = threads;
        this.shuffleRoot = ShuffleRoot.fromSettings(settings);
        this.allocator = new RootAllocator();
        this.runner = new TaskRunner(allocator, workerStores, System::nanoTime,
                LocalTaskMemory.taskMemoryBytes(threads));
        this.invoker = new InProcessInvoker(threads, new InProcessInvoker.LocalWorker() {
            @Override
            public String run(String taskSpecJson) {
                return runner.runJson(taskSpecJson);
            }

            @Override
            public void jobEnded(String jobId) {
                runner.jobEnded(jobId);
            }
        });
        this.footers = new CachingFooterReader(new EngineParquetFooters(settings));
        this.decoder = (batches, schema) -> ArrowRows.decode(batches, schema, allocator);
    }

    /** Starts N task threads and the allocator; shuffle objects go to a temp folder. */
    public static LocalCluster start(int threads) {
        return start(threads, Map.of());
    }

    /** With session settings ({@code updraft.shuffle.root}, {@code updraft.s3.*}). */
    public static LocalCluster start(int threads, Map<String, String> settings) {
        return start(threads, settings, ObjectStores.shared());
    }

    /** With the object stores the in-process workers use (tests count their requests). */
    public static LocalCluster start(int threads, Map<String, String> settings, ObjectStoreProvider workerStores) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        Objects.requireNonNull(settings, "settings is null");
        Objects.requireNonNull(workerStores, "workerStores is null");
        return new LocalCluster(threads, settings, workerStores);
    }

    public int threads() {
        return threads;
    }

    @Override
    public int parallelism() {
        return threads;
    }

    @Override
    public boolean packsSmallFiles() {
        return true;
    }

    /** The root allocator tasks and result decoding allocate from; owned (and closed) by this cluster. */
    public BufferAllocator allocator() {
        return allocator;
    }

    /** The memory a task gets unless its settings give {@code updraft.taskMemoryBytes} ({@link LocalTaskMemory}). */
    public long defaultTaskMemoryBytes() {
        return runner.defaultTaskMemoryBytes();
    }

    public WorkerInvoker invoker() {
        return invoker;
    }

    @Override
    public ParquetFooterReader footers() {
        return footers;
    }

    public BatchDecoder decoder() {
        return decoder;
    }

    @Override
    public ShuffleRoot shuffleRoot() {
        return shuffleRoot;
    }

    /** Local defaults (no speculation: duplicates would compete for the same threads) plus {@code settings}. */
    @Override
    public JobRunnerOptions jobOptions(Map<String, String> settings) {
        return checkpoints.apply(JobRunnerOptions.defaults(threads).withSettings(settings), settings);
    }

    /** A job runner on this cluster's threads; every task gets {@code updraft.shuffle.root}. */
    @Override
    public JobRunner jobRunner(JobRunnerOptions options) {
        Objects.requireNonNull(options, "options is null");
        Map<String, String> config = new HashMap<>(options.taskConfig());
        config.put(SettingKeys.SHUFFLE_ROOT, shuffleRoot.uri());
        return new JobRunner(invoker, footers, decoder, shuffleRoot.store(), options.withTaskConfig(config));
    }

    /** Stops the task threads, deletes the temp shuffle folder, then closes the allocator (throws on leaks). */
    @Override
    public void close() {
        try {
            invoker.close();
            checkpoints.close();
            shuffleRoot.close();
        } finally {
            try {
                runner.close();
            } finally {
                allocator.close();
            }
        }
    }
}
