package io.updraft.worker;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;

/**
 * Makes the worker's runtime during Lambda's init phase (Quarkus start), not in the first invocation: the allocator,
 * the engine and the SnapStart hooks exist before a snapshot is taken and before the first task arrives.
 */
@ApplicationScoped
class WorkerStartup {
    /** Start of the line logged when the worker is ready (localstack-tests' ColdStartTest reads it). */
    static final String READY = "Worker ready";
    private static final Logger LOG = LoggerFactory.getLogger(WorkerStartup.class);

    void onStart(@Observes StartupEvent event) {
        WorkerRuntime runtime = WorkerRuntime.init();
        LOG.info("{}: JVM uptime {} ms, {} classes loaded; {} MB function memory, task memory {} MiB, SnapStart {}",
                READY, ManagementFactory.getRuntimeMXBean().getUptime(),
                ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount(), runtime.settings().memoryMb(),
                runtime.settings().taskMemoryBytes() >> 20, runtime.settings().snapStart());
    }
}
