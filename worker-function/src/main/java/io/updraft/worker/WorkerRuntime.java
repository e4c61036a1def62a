package io.updraft.worker;

import io.updraft.engine.TaskRunner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a Lambda container makes once, at init ({@link WorkerStartup}), and reuses for every invocation: the Arrow root
 * allocator, the engine's task runner (which caches object-store clients) with the task memory derived from the
 * function's memory size ({@link WorkerSettings}), and the SnapStart hooks ({@link SnapStartHooks}). Thread-safe.
 */
final class WorkerRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerRuntime.class);
    private static final WorkerRuntime INSTANCE = new WorkerRuntime(WorkerSettings.fromEnvironment());

    private final WorkerSettings settings;
    private final BufferAllocator root = new RootAllocator();
    private final TaskRunner runner;
    private final SnapStartHooks hooks;

    WorkerRuntime(WorkerSettings settings) {
        this.settings = settings;
        this.runner = new TaskRunner(root, settings.taskMemoryBytes());
        this.hooks = new SnapStartHooks(this);
    }

    static WorkerRuntime get() {
        return INSTANCE;
    }

    /**
     * The process's runtime, made at Lambda's init, its hooks registered with CRaC (once: the global context keeps
     * it). No priming here: measured, a priming task (and an S3 client built and closed) at init made the cold start
     * longer, not shorter (worker-function/README.md, "Cold start"); priming runs before a SnapStart checkpoint only.
     */
    static WorkerRuntime init() {
        INSTANCE.hooks.register();
        return INSTANCE;
    }

    WorkerSettings settings() {
        return settings;
    }

    TaskRunner runner() {
        return runner;
    }

    SnapStartHooks hooks() {
        return hooks;
    }

    /** For tests: the root allocator, closed by whoever made this runtime (never the process's). */
    BufferAllocator root() {
        return root;
    }

    /**
     * Runs one task: TaskSpec JSON in, TaskResult JSON out (task failures are results). A payload too large for
     * Lambda travels as an object reference either way ({@link PayloadReferences}); failing to fetch or store
     * one throws, which Lambda reports as a function error and the coordinator retries.
     */
    String run(String payload) {
        String specJson;
        try {
            specJson = PayloadReferences.resolve(payload);
        } catch (RuntimeException e) {
            LOG.error("Could not fetch the task spec a payload reference names; the invocation fails", e);
            throw e;
        }
        String resultJson = runner.runJson(specJson);
        try {
            return PayloadReferences.offloadIfLarge(specJson, resultJson);
        } catch (RuntimeException e) {
            LOG.error("Could not store a task result of {} characters in the object store; the invocation fails",
                    resultJson.length(), e);
            throw e;
        }
    }
}
