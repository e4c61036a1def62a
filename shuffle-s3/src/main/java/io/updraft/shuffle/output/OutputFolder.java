package io.updraft.shuffle.output;

import io.updraft.core.task.WrittenFile;
import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.S3ObjectStore;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The output folder of a write, and the two halves of its commit protocol. A task attempt writes each file
 * pending ({@link #create}); the coordinator publishes the committed attempts' files at job commit
 * ({@link #publish}) and discards everything else ({@link #discard}, {@link #discardAll}).
 * <ul>
 *   <li>Local folder ({@link LocalOutputFolder}): files are staged under
 *   {@code _temporary/<writeId>/task-<t>-a<attempt>/<key>} (hidden from Spark-style readers, which skip names
 *   starting with '_' or '.') and published by an atomic rename.</li>
 *   <li>S3 ({@link S3OutputFolder}): each file is a multipart upload of its final key whose parts the task uploads
 *   and never completes (the design of Hadoop's S3A "magic" committer); completing it is the publish, aborting it
 *   the discard. An upload in progress is not an object: no listing or GET sees it.</li>
 * </ul>
 * Thread-safe.
 */
public sealed interface OutputFolder permits LocalOutputFolder, S3OutputFolder {
    /** Where the job's own markers live, relative to the output folder. */
    static String stagingPrefix(String writeId) {
        return "_temporary/" + writeId + "/";
    }

    /** The output folder whose store is {@code store} (rooted at the folder). */
    static OutputFolder of(ObjectStore store, long partSize) {
        if (store instanceof S3ObjectStore s3) {
            return new S3OutputFolder(s3, partSize);
        }
        if (store instanceof LocalObjectStore local) {
            return new LocalOutputFolder(local);
        }
        throw new IllegalArgumentException("cannot write files to a " + store.getClass().getSimpleName());
    }

    ObjectStore store();

    /** A new pending file of task {@code task}'s attempt {@code attempt}, to appear at {@code key}. */
    PendingFileStream create(String key, String partition, String writeId, int task, int attempt);

    /** Makes a pending file visible at its key. */
    CompletableFuture<Void> publish(WrittenFile file);

    /** Drops a pending file (a duplicate or uncommitted attempt's); a file already gone succeeds. */
    CompletableFuture<Void> discard(WrittenFile file);

    /**
     * Drops everything of write {@code writeId} still pending — files of attempts the coordinator never heard of
     * (a worker killed while it wrote) included — and the write's staging folder and markers.
     */
    CompletableFuture<Void> discardAll(String writeId);

    /**
     * Drops what writes into the folder left pending and last touched before {@code touchedBeforeMillis} (epoch
     * milliseconds): uploads initiated before then and staging folders / markers under {@code _temporary/} not
     * modified since — what a coordinator that died before its commit left behind. {@code Long.MAX_VALUE} drops
     * everything pending, of any write: only safe when no other write into the folder runs (an overwrite).
     */
    CompletableFuture<Void> discardAbandoned(long touchedBeforeMillis);

    /** The keys of files of {@code writeId} still pending (staged files or uploads in progress), sorted. */
    CompletableFuture<List<String>> pending(String writeId);
}
