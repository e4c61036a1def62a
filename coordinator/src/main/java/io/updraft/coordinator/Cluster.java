package io.updraft.coordinator;

import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.scan.ParquetFooterReader;

import java.util.Map;

/**
 * Where a session's tasks run — {@link LocalCluster} (threads in this JVM) or
 * {@link io.updraft.coordinator.lambda.LambdaCluster} (Lambda invocations) — with what a session needs from it:
 * parallelism for split sizing, a footer reader, job runners, and scheduler defaults. Thread-safe.
 */
public interface Cluster extends AutoCloseable {

    /** Task slots (local[N]: N; lambda: the maximum concurrency). */
    int parallelism();

    /**
     * Whether small Parquet files share scan tasks ({@code SplitPolicy.packFiles}, as Spark's FilePartition): true in
     * local mode, where task slots are few and every task has a fixed cost; false by default (on Lambda each split
     * stays an invocation of its own).
     */
    default boolean packsSmallFiles() {
        return false;
    }

    ParquetFooterReader footers();

    /** This cluster's scheduler defaults with the {@code updraft.*} scheduler settings in {@code settings} applied. */
    JobRunnerOptions jobOptions(Map<String, String> settings);

    /**
     * The store the cluster's shuffle objects go to ({@code updraft.shuffle.root}), reachable by its workers: a
     * session keeps its persisted Datasets and {@code toLocalIterator} chunks under it too (api's ScratchSpace).
     */
    ShuffleRoot shuffleRoot();

    /** A job runner on this cluster; the cluster adds its own task settings (e.g. the shuffle root). */
    JobRunner jobRunner(JobRunnerOptions options);

    @Override
    void close();
}
