package io.updraft.coordinator.job;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Completed stages recorded in a store ({@value JobRunnerOptions#CHECKPOINT_ROOT}), so that a job which outlives
 * its coordinator (a coordinator function past its timeout) resumes in a new coordinator from what it had
 * committed instead of starting again. One object per completed non-final stage, {@code stage-<fingerprint>.json}:
 * its committed task results (the shuffle objects' keys and partition index, or a small stage's rows). The
 * fingerprint is a SHA-256 of the stage's operator tree as the wire encodes it and of its inputs' fingerprints, so
 * a record is only ever taken for the same stage of the same plan over the same inputs. A job removes the records
 * it made or took when it ends (succeeded or failed) — a coordinator that dies removes nothing, and that is what
 * the next one resumes from. Thread-safe (stateless over a thread-safe store).
 */
public final class StageCheckpoints {
    private static final Logger LOG = LoggerFactory.getLogger(StageCheckpoints.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PREFIX = "stage-";

    private final ObjectStore store;

    /** @param store rooted at the checkpoint prefix (not closed here) */
    public StageCheckpoints(ObjectStore store) {
        this.store = Objects.requireNonNull(store, "store is null");
    }

    public ObjectStore store() {
        return store;
    }

    /** Fingerprints of {@code stages} (plan order: a stage's inputs come before it). */
    static Map<Integer, String> fingerprints(List<Stage> stages, Map<Integer, ? extends Iterable<Integer>> inputs) {
        Map<Integer, String> out = new HashMap<>();
        for (Stage s : stages) {
            MessageDigest sha;
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            sha.update(TaskCodec.encode(new TaskSpec("checkpoint", s.stageId(), 0, 0, s.root(), Map.of()))
                    .getBytes(StandardCharsets.UTF_8));
            for (int input : inputs.get(s.stageId())) {
                sha.update(out.get(input).getBytes(StandardCharsets.UTF_8));
            }
            out.put(s.stageId(), HexFormat.of().formatHex(sha.digest(), 0, 16));
        }
        return out;
    }

    static String key(String fingerprint) {
        return PREFIX + fingerprint + ".json";
    }

    /** The recorded stages among {@code fingerprints}: fingerprint → committed results in task order. Blocks. */
    Map<String, List<TaskResult>> recorded(Iterable<String> fingerprints) {
        Map<String, List<TaskResult>> out = new HashMap<>();
        List<ObjectInfo> present;
        try {
            present = store.list(PREFIX).join();
        } catch (RuntimeException e) {
            throw new UpdraftException(ErrorType.TRANSIENT, "Could not list the stage checkpoints at "
                    + store.describe(PREFIX) + ": " + JobExecution.unwrap(e), e);
        }
        for (String fp : fingerprints) {
            String key = key(fp);
            if (present.stream().noneMatch(o -> o.key().equals(key))) {
                continue;
            }
            try {
                JsonNode results = JSON.readTree(store.get(key).join()).get("results");
                List<TaskResult> list = new ArrayList<>();
                for (JsonNode r : results) {
                    list.add(TaskCodec.decodeResult(r.toString()));
                }
                out.put(fp, list);
            } catch (IOException | RuntimeException e) {
                LOG.warn("The stage checkpoint {} cannot be read ({}); the stage runs again", store.describe(key),
                        e.toString());
            }
        }
        return out;
    }

    /** Records a completed stage. Blocks; a failure is logged (the job goes on, a resume would re-run it). */
    void record(String fingerprint, int stageId, List<TaskResult> committed) {
        StringBuilder sb = new StringBuilder("{\"stageId\":").append(stageId).append(",\"results\":[");
        for (int i = 0; i < committed.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(TaskCodec.encode(committed.get(i)));
        }
        sb.append("]}");
        try {
            store.put(key(fingerprint), sb.toString().getBytes(StandardCharsets.UTF_8)).join();
        } catch (RuntimeException e) {
            LOG.warn("Could not record the checkpoint of stage {} at {}: {}", stageId,
                    store.describe(key(fingerprint)), e.toString());
        }
    }

    /** Removes the records of {@code fingerprints} (a job that ended); never fails. */
    CompletableFuture<Void> remove(Iterable<String> fingerprints) {
        List<CompletableFuture<Void>> deletes = new ArrayList<>();
        for (String fp : fingerprints) {
            deletes.add(store.delete(key(fp)).exceptionally(e -> {
                LOG.warn("Could not remove the stage checkpoint {}: {}", store.describe(key(fp)), e.toString());
                return null;
            }));
        }
        return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
    }
}
