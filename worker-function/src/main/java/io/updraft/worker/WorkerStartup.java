package io.updraft.worker;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Makes the worker's runtime during Lambda's init phase (Quarkus start), not in the first invocation: the allocator,
 * the engine and the SnapStart hooks exist before a snapshot is taken and before the first task arrives.
 */
@ApplicationScoped
class WorkerStartup {
    void onStart(@Observes StartupEvent event) {
        WorkerRuntime.init();
    }
}
