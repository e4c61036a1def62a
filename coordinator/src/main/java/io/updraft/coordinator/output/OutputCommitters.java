package io.updraft.coordinator.output;

import io.updraft.coordinator.Settings;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.plan.JobPlan;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.output.OutputFolder;
import io.updraft.shuffle.store.S3StoreConfig;

import java.util.Map;

/** The committer of a job that writes files (its last stage's root is a {@link FileWrite}), or null. */
public final class OutputCommitters {
    /**
     * Another write's pending files (open uploads, staging folders, markers) untouched for this long are taken as
     * the leftovers of a coordinator that died before its commit, and dropped by the next write's cleanup into the
     * same folder (overwrite drops them at any age). Milliseconds; default 24 h.
     */
    public static final String ABANDONED_AFTER_MILLIS = "updraft.output.abandonedAfterMillis";

    private OutputCommitters() {
    }

    public static OutputCommitter forPlan(JobPlan plan, String jobId, Map<String, String> settings) {
        if (!(plan.finalStage().root() instanceof FileWrite write)) {
            return null;
        }
        OutputFolder folder = folderOf(write, settings);
        long abandonedAfterNanos = new Settings(settings).millis(ABANDONED_AFTER_MILLIS,
                OutputCommitter.DEFAULT_ABANDONED_AFTER_MILLIS * 1_000_000);
        return new OutputCommitter(write, jobId, folder, abandonedAfterNanos / 1_000_000, System::currentTimeMillis);
    }

    /** The output folder of {@code write} (its store from {@code settings}, as the tasks reach it). */
    public static OutputFolder folderOf(FileWrite write, Map<String, String> settings) {
        return OutputFolder.of(ObjectStores.shared().store(write.path(), settings),
                S3StoreConfig.fromSettings(settings).partSize());
    }
}
