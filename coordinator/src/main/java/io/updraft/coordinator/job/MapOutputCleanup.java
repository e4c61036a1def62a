package io.updraft.coordinator.job;

import io.updraft.coordinator.job.StageRun.TaskRun;
import io.updraft.shuffle.format.ShuffleKeys;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Deletes the shuffle objects of a job's map attempts by their deterministic keys
 * ({@code ShuffleKeys.mapOutput(job, stage, task, attempt)}). Best effort: a failed delete is logged and the
 * object is left for the shuffle prefix's lifecycle rule; the returned futures never fail.
 */
final class MapOutputCleanup {
    private static final Logger LOG = LoggerFactory.getLogger(MapOutputCleanup.class);

    private final String jobId;
    private final ObjectStore store;

    /** @param store the coordinator's handle on the shuffle root, or null: nothing is deleted */
    MapOutputCleanup(String jobId, ObjectStore store) {
        this.jobId = jobId;
        this.store = store;
    }

    /** Deletes the object of one map attempt (which may never have been written). */
    CompletableFuture<Void> delete(int stageId, int task, int attempt) {
        return deleteKey(ShuffleKeys.mapOutput(jobId, stageId, task, attempt));
    }

    /** Deletes these objects (map outputs of stages restored from a checkpoint, written under another job id). */
    CompletableFuture<Void> deleteKeys(List<String> keys) {
        List<CompletableFuture<Void>> deletes = new ArrayList<>();
        for (String key : keys) {
            deletes.add(deleteKey(key));
        }
        return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
    }

    private CompletableFuture<Void> deleteKey(String key) {
        if (store == null) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> delete;
        try {
            delete = store.delete(key);
        } catch (RuntimeException e) {
            delete = CompletableFuture.failedFuture(e);
        }
        return delete.exceptionally(e -> {
            LOG.warn("Could not delete the shuffle object {}; it is left behind for the lifecycle rule",
                    store.describe(key), e);
            return null;
        });
    }

    /** Deletes the object of every finished map attempt; attempts still running delete theirs when they end. */
    CompletableFuture<Void> deleteFinished(List<StageRun> stages) {
        List<CompletableFuture<Void>> deletes = new ArrayList<>();
        for (StageRun s : stages) {
            if (!s.isMap()) {
                continue;
            }
            for (TaskRun t : s.taskRuns) {
                for (int attempt = 0; attempt < t.nextAttempt; attempt++) {
                    int n = attempt;
                    if (t.running.stream().noneMatch(a -> a.attempt == n)) {
                        deletes.add(delete(s.stage.stageId(), t.index, attempt));
                    }
                }
            }
        }
        return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
    }
}
