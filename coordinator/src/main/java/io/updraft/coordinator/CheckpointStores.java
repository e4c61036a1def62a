package io.updraft.coordinator;

import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.job.StageCheckpoints;

import java.util.HashMap;
import java.util.Map;

/**
 * A cluster's stores of stage checkpoints ({@value JobRunnerOptions#CHECKPOINT_ROOT}), opened on first use with the
 * session's {@code updraft.s3.*} settings and kept until the cluster closes. Thread-safe.
 */
public final class CheckpointStores implements AutoCloseable {
    private final Map<String, ShuffleRoot> open = new HashMap<>();

    /** {@code options} recording stages where {@code settings} say, unchanged when they name no root. */
    public synchronized JobRunnerOptions apply(JobRunnerOptions options, Map<String, String> settings) {
        String root = settings.get(JobRunnerOptions.CHECKPOINT_ROOT);
        if (root == null || root.isBlank()) {
            return options;
        }
        ShuffleRoot store = open.computeIfAbsent(root.strip(), uri -> ShuffleRoot.of(uri, settings));
        return options.withCheckpoints(new StageCheckpoints(store.store()));
    }

    @Override
    public synchronized void close() {
        open.values().forEach(ShuffleRoot::close);
        open.clear();
    }
}
