package io.updraft.worker;

import io.updraft.engine.TaskRunner;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What a Lambda container makes once, at init, and reuses for every invocation: the Arrow root
 * allocator and the engine's task runner (which caches object-store clients). Thread-safe.
 */
final class WorkerRuntime {
    private static final WorkerRuntime INSTANCE = new WorkerRuntime();

    private final BufferAllocator root = new RootAllocator();
    private final TaskRunner runner = new TaskRunner(root);

    static WorkerRuntime get() {
        return INSTANCE;
    }

    /** Runs one task: TaskSpec JSON in, TaskResult JSON out (failures are results, never exceptions). */
    String run(String specJson) {
        return runner.runJson(specJson);
    }
}
