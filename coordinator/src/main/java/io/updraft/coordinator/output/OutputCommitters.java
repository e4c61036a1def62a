package io.updraft.coordinator.output;

import io.updraft.core.plan.FileWrite;
import io.updraft.core.plan.JobPlan;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.output.OutputFolder;
import io.updraft.shuffle.store.S3StoreConfig;

import java.util.Map;

/** The committer of a job that writes files (its last stage's root is a {@link FileWrite}), or null. */
public final class OutputCommitters {
    private OutputCommitters() {
    }

    public static OutputCommitter forPlan(JobPlan plan, String jobId, Map<String, String> settings) {
        if (!(plan.finalStage().root() instanceof FileWrite write)) {
            return null;
        }
        OutputFolder folder = OutputFolder.of(ObjectStores.shared().store(write.path(), settings),
                S3StoreConfig.fromSettings(settings).partSize());
        return new OutputCommitter(write, jobId, folder);
    }
}
