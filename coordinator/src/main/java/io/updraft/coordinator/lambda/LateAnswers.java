package io.updraft.coordinator.lambda;

import io.updraft.coordinator.lambda.LambdaResponses.Answer;
import io.updraft.core.task.TaskResult;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Answers that arrive after their invocation already failed (timed out) or was cancelled: the scheduler never
 * commits such an attempt, so a result object it names is deleted unread, and so is a map attempt's shuffle
 * object. {@link #await} lets {@code close()} wait for those deletes. Thread-safe.
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

    void handle(Answer answer) {
        if (answer instanceof LambdaResponses.Reference r) {
            payloads.discard(r.reference());
            return;
        }
        TaskResult result = answer instanceof LambdaResponses.Result r ? r.result() : null;
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
