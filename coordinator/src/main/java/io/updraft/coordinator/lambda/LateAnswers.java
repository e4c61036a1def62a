package io.updraft.coordinator.lambda;

import io.updraft.coordinator.lambda.LambdaResponses.Answer;
import io.updraft.coordinator.output.OutputCommitters;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.WrittenFile;
import io.updraft.shuffle.output.OutputFolder;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Answers that arrive after their invocation already failed (timed out) or was cancelled: the scheduler never
 * commits such an attempt, so a result object it names is deleted unread, and so is a map attempt's shuffle
 * object, and a write attempt's pending files are dropped. {@link #await} lets {@code close()} wait for those deletes. Thread-safe.
 */
final class LateAnswers {
    private static final Logger LOG = LoggerFactory.getLogger(LateAnswers.class);

    private final PayloadOffload payloads;
    private final ObjectStore shuffleStore;
    private final Set<CompletableFuture<Void>> deletes = ConcurrentHashMap.newKeySet();

    /** @param shuffleStore the store under {@code updraft.shuffle.root}, or null: leave it to the lifecycle rule */
    LateAnswers(PayloadOffload payloads, ObjectStore shuffleStore) {
        this.payloads = payloads;
        this.shuffleStore = shuffleStore;
    }

    /** @param specJson the attempt's TaskSpec as sent (decoded only for a write attempt's answer) */
    void handle(Answer answer, String specJson) {
        if (answer instanceof LambdaResponses.Reference r) {
            payloads.discard(r.reference());
            return;
        }
        TaskResult result = answer instanceof LambdaResponses.Result r ? r.result() : null;
        if (result != null && !result.writtenFiles().isEmpty()) {
            TaskSpec spec = TaskCodec.decodeSpec(specJson);
            if (spec.plan() instanceof FileWrite write) {
                discardWrittenFiles(result, write, spec);
            }
            return;
        }
        if (shuffleStore == null || result == null || result.shuffleOutput() == null) {
            return;
        }
        String key = result.shuffleOutput().key();
        LOG.info("A late answer of task {} (attempt {}) of stage {} in {} wrote {}; deleting it", result.taskId(),
                result.attempt(), result.stageId(), result.jobId(), key);
        CompletableFuture<Void> delete;
        try {
            delete = shuffleStore.delete(key);
        } catch (RuntimeException e) {
            delete = CompletableFuture.failedFuture(e);
        }
        deletes.add(delete);
        CompletableFuture<Void> tracked = delete;
        delete.whenComplete((v, e) -> {
            deletes.remove(tracked);
            if (e != null) {
                LOG.warn("Could not delete the shuffle object {} of a late answer; it is left behind for the"
                        + " lifecycle rule", shuffleStore.describe(key), e);
            }
        });
    }

    /**
     * A write attempt that answers after it timed out may have written its files after the job's cleanup (which
     * aborted the write's uploads open then): its pending files are dropped here, or they would stay open.
     */
    private void discardWrittenFiles(TaskResult result, FileWrite write, TaskSpec spec) {
        LOG.info("A late answer of task {} (attempt {}) of stage {} in {} wrote {} files to {}; dropping them",
                result.taskId(), result.attempt(), result.stageId(), result.jobId(), result.writtenFiles().size(),
                write.path());
        List<CompletableFuture<Void>> drops = new ArrayList<>();
        try {
            OutputFolder folder = OutputCommitters.folderOf(write, spec.config());
            for (WrittenFile f : result.writtenFiles()) {
                drops.add(folder.discard(f));
            }
        } catch (RuntimeException e) {
            drops.add(CompletableFuture.failedFuture(e));
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(drops.toArray(CompletableFuture[]::new));
        deletes.add(all);
        all.whenComplete((v, e) -> {
            deletes.remove(all);
            if (e != null) {
                LOG.warn("Could not drop the files of a late write answer under {}; the next overwrite of the folder"
                        + " (or one after " + OutputCommitters.ABANDONED_AFTER_MILLIS + ") removes them",
                        write.path(), e);
            }
        });
    }

    /** Waits for the deletes started so far, at most until {@code deadlineNanos} (of {@link System#nanoTime}). */
    void await(long deadlineNanos) {
        for (CompletableFuture<Void> delete : List.copyOf(deletes)) {
            try {
                delete.get(Math.max(1, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                LOG.warn("A shuffle object of a late answer may be left behind (lifecycle rule): {}", e.toString());
            }
        }
    }
}
