package io.updraft.worker;

import io.updraft.core.task.TaskResult;
import io.updraft.engine.store.ObjectStores;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The worker's CRaC resource (the {@code org.crac} API Lambda SnapStart calls). Before the checkpoint: primes the task
 * path ({@link WorkerPriming}), loads the S3 client's classes and closes every S3 client, whose connections would be dead in a restored copy (the
 * next task makes new ones). After a restore: re-reads the state of the spill folder, which a restored environment
 * does not share with the one that was snapshot — deletes spill folders left in it and measures its usable space.
 * The worker holds no {@code java.util.Random} of its own (UUIDs come from {@code SecureRandom}, which the JDK reseeds
 * on restore), so there is nothing to reseed. Registered once per process; the global context holds resources
 * weakly, so the worker runtime keeps a reference. Thread-safe enough for CRaC: hooks run with no task in flight.
 */
final class SnapStartHooks implements Resource {
    private static final Logger LOG = LoggerFactory.getLogger(SnapStartHooks.class);
    static final int PRIMING_ROUNDS = 20;

    private final WorkerRuntime runtime;
    private volatile long spillUsableBytes = -1;
    private volatile int checkpoints;
    private volatile int restores;
    private volatile TaskResult lastPriming;

    SnapStartHooks(WorkerRuntime runtime) {
        this.runtime = runtime;
    }

    /** Registers with the process's global CRaC context (a no-op context on a JVM without CRaC). */
    void register() {
        Core.getGlobalContext().register(this);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        long start = System.nanoTime();
        lastPriming = WorkerPriming.prime(runtime.runner(), PRIMING_ROUNDS);
        WorkerPriming.loadS3ClientClasses();
        ObjectStores.shared().closeClients();
        checkpoints++;
        LOG.info("Before checkpoint: primed the task path ({} tasks) and closed the S3 clients in {} ms",
                PRIMING_ROUNDS, (System.nanoTime() - start) / 1_000_000);
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        Path base = runtime.settings().spillBase();
        int removed = deleteLeftSpillFolders(base);
        spillUsableBytes = usableBytes(base);
        restores++;
        LOG.info("After restore: {} spill folders removed from {}, {} MB usable there", removed, base,
                spillUsableBytes / 1_000_000);
    }

    /** Spill folders ({@code updraft-spill-*}, see engine's SpillDirectory) under {@code base}: deleted. */
    static int deleteLeftSpillFolders(Path base) {
        if (!Files.isDirectory(base)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(base, "updraft-spill-*")) {
            for (Path dir : dirs) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                        Files.deleteIfExists(p);
                    }
                }
                removed++;
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot clean the spill folder " + base + " after a restore: "
                    + e.getMessage(), e);
        }
        return removed;
    }

    private static long usableBytes(Path base) {
        try {
            return Files.getFileStore(base).getUsableSpace();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the spill folder " + base + " after a restore: "
                    + e.getMessage(), e);
        }
    }

    long spillUsableBytes() {
        return spillUsableBytes;
    }

    int checkpoints() {
        return checkpoints;
    }

    int restores() {
        return restores;
    }

    TaskResult lastPriming() {
        return lastPriming;
    }
}
