package io.updraft.coordinator.output;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.WrittenFile;
import io.updraft.shuffle.output.OutputFolder;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.LongSupplier;

/**
 * The job side of the output commit protocol of one {@link FileWrite} (the task side is
 * {@link OutputFolder#create}). The scheduler commits exactly one attempt per task; this class makes the
 * committed attempts' files visible, all at job commit, and drops everything else:
 * <ol>
 *   <li>{@link #discard} — a duplicate or late attempt's files, as soon as it reports;</li>
 *   <li>{@link #commit} — (1) the marker {@code _temporary/<writeId>/_COMMIT} is written with a conditional
 *   write (S3 {@code If-None-Match: *}, a hard link locally): a second commit of the same write (a repeated
 *   delivery, a second coordinator) finds it and fails before touching anything; (2) in overwrite mode the
 *   folder's current files are listed; (3) every committed file is published (S3: its multipart upload completed;
 *   locally: an atomic rename); (4) {@code _SUCCESS} is written with the manifest; (5) overwrite: the listed
 *   previous files are deleted; (6) the write's staging folder and any upload of it still open (of attempts never
 *   heard of: a killed worker) are dropped; then other writes' leftovers (a dead coordinator's): in overwrite
 *   mode every upload left open under the folder and the whole {@code _temporary/} folder (no concurrent writer
 *   is expected in overwrite mode), otherwise those untouched for {@code abandonedAfterMillis} (24 h by default,
 *   so a concurrent append's pending files are left alone);</li>
 *   <li>{@link #abort} — a failed or cancelled job: the committed attempts' files dropped, then step 6; the
 *   folder's previous files are untouched.</li>
 * </ol>
 * Thread-safe for one job (the scheduler calls it from its event loop).
 */
public final class OutputCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(OutputCommitter.class);
    public static final String SUCCESS = "_SUCCESS";
    static final String COMMIT_MARKER = "_COMMIT";

    /** Default of {@link OutputCommitters#ABANDONED_AFTER_MILLIS}: 24 h, as Hadoop S3A's fs.s3a.multipart.purge.age. */
    public static final long DEFAULT_ABANDONED_AFTER_MILLIS = 24L * 60 * 60 * 1000;

    private final FileWrite write;
    private final String jobId;
    private final OutputFolder folder;
    private final boolean overwrite;
    private final long abandonedAfterMillis;
    private final LongSupplier wallClockMillis;

    public OutputCommitter(FileWrite write, String jobId, OutputFolder folder) {
        this(write, jobId, folder, DEFAULT_ABANDONED_AFTER_MILLIS, System::currentTimeMillis);
    }

    /**
     * @param abandonedAfterMillis another write's pending files untouched for this long are a dead coordinator's
     *                             leftovers, dropped at this write's cleanup (overwrite drops them at any age)
     * @param wallClockMillis      epoch milliseconds (S3 gives upload and object times as wall-clock times)
     */
    public OutputCommitter(FileWrite write, String jobId, OutputFolder folder, long abandonedAfterMillis,
                           LongSupplier wallClockMillis) {
        this.write = Objects.requireNonNull(write, "write is null");
        this.jobId = jobId;
        this.folder = Objects.requireNonNull(folder, "folder is null");
        this.overwrite = write.overwrite();
        if (abandonedAfterMillis < 0) {
            throw new IllegalArgumentException("abandonedAfterMillis must be >= 0, was " + abandonedAfterMillis);
        }
        this.abandonedAfterMillis = abandonedAfterMillis;
        this.wallClockMillis = Objects.requireNonNull(wallClockMillis, "wallClockMillis is null");
    }

    public FileWrite write() {
        return write;
    }

    /** Drops the files of an attempt that is not committed. */
    public CompletableFuture<Void> discard(TaskResult attempt) {
        List<CompletableFuture<Void>> drops = new ArrayList<>();
        for (WrittenFile f : attempt.writtenFiles()) {
            drops.add(folder.discard(f).exceptionally(e -> {
                LOG.warn("Could not drop {} of an uncommitted attempt ({}); the job's cleanup removes it", f.key(),
                        e.toString());
                return null;
            }));
        }
        return CompletableFuture.allOf(drops.toArray(CompletableFuture[]::new));
    }

    /** Publishes the committed attempts' files (task order); see the class comment. Blocks; throws on failure. */
    public CommitManifest commit(List<TaskResult> committed) {
        List<WrittenFile> files = new ArrayList<>();
        for (TaskResult r : committed) {
            files.addAll(r.writtenFiles());
        }
        CommitManifest manifest = CommitManifest.of(write.writeId(), jobId, files);
        ObjectStore store = folder.store();
        String marker = OutputFolder.stagingPrefix(write.writeId()) + COMMIT_MARKER;
        if (!join(store.putIfAbsent(marker, manifest.toJson()), "write the commit marker")) {
            throw new UpdraftException(ErrorType.INTERNAL, "The output " + write.path() + " of write "
                    + write.writeId() + " was already committed (marker " + store.describe(marker) + " exists)");
        }
        Set<String> newKeys = new HashSet<>();
        files.forEach(f -> newKeys.add(f.key()));
        List<String> previous = new ArrayList<>();
        if (overwrite) {
            for (ObjectInfo o : join(store.list(""), "list the previous output")) {
                if (!o.key().startsWith("_temporary/") && !o.key().equals(SUCCESS) && !newKeys.contains(o.key())) {
                    previous.add(o.key());
                }
            }
        }
        List<CompletableFuture<Void>> publishes = new ArrayList<>();
        for (WrittenFile f : files) {
            publishes.add(folder.publish(f));
        }
        try {
            join(CompletableFuture.allOf(publishes.toArray(CompletableFuture[]::new)), "publish the output files");
        } catch (RuntimeException e) {
            unpublish(files, publishes);
            throw e;
        }
        join(store.put(SUCCESS, manifest.toJson()), "write " + SUCCESS);
        List<CompletableFuture<Void>> deletes = new ArrayList<>();
        for (String key : previous) {
            deletes.add(store.delete(key));
        }
        join(CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)), "delete the previous output");
        cleanup().join();
        LOG.info("Committed {} files of write {} to {}", files.size(), write.writeId(), write.path());
        return manifest;
    }

    /** A failed publish: the files that did appear are deleted again, the others dropped. */
    private void unpublish(List<WrittenFile> files, List<CompletableFuture<Void>> publishes) {
        List<CompletableFuture<Void>> undo = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            WrittenFile f = files.get(i);
            CompletableFuture<Void> p = publishes.get(i);
            undo.add(p.isCompletedExceptionally() ? folder.discard(f).exceptionally(e -> null)
                    : folder.store().delete(f.key()).exceptionally(e -> null));
        }
        CompletableFuture.allOf(undo.toArray(CompletableFuture[]::new)).join();
        cleanup().join();
    }

    /** A failed or cancelled job: nothing of it becomes visible; the previous output stays. */
    public CompletableFuture<Void> abort(List<TaskResult> committed) {
        List<CompletableFuture<Void>> drops = new ArrayList<>();
        for (TaskResult r : committed) {
            drops.add(discard(r));
        }
        return CompletableFuture.allOf(drops.toArray(CompletableFuture[]::new)).thenCompose(v -> cleanup())
                .exceptionally(e -> {
                    LOG.warn("Could not remove everything write {} left pending under {}: {}", write.writeId(),
                            write.path(), e.toString());
                    return null;
                });
    }

    /**
     * Step 6: this write's pending files and markers; then other writes' leftovers — all of them in overwrite mode,
     * else those untouched for {@code abandonedAfterMillis} (a concurrent append's are younger). Failing to drop
     * another write's leftovers is logged, never this job's failure (the next write tries again).
     */
    private CompletableFuture<Void> cleanup() {
        long touchedBefore = overwrite ? Long.MAX_VALUE : wallClockMillis.getAsLong() - abandonedAfterMillis;
        return folder.discardAll(write.writeId()).thenCompose(v -> folder.discardAbandoned(touchedBefore)
                .exceptionally(e -> {
                    LOG.warn("Could not drop what other writes left pending under {}: {}", write.path(),
                            e.toString());
                    return null;
                }));
    }

    private <T> T join(CompletableFuture<T> future, String what) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof UpdraftException u) {
                throw u;
            }
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot " + what + " of " + write.path() + ": " + cause,
                    cause);
        }
    }
}
