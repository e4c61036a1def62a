package io.updraft.worker;

import io.updraft.engine.TaskRunner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a Lambda container makes once, at init, and reuses for every invocation: the Arrow root
 * allocator and the engine's task runner (which caches object-store clients). Thread-safe.
 */
final class WorkerRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerRuntime.class);
    private static final WorkerRuntime INSTANCE = new WorkerRuntime();

    private final BufferAllocator root = new RootAllocator();
    private final TaskRunner runner = new TaskRunner(root);

    static WorkerRuntime get() {
        return INSTANCE;
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
