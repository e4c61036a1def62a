package io.updraft.shuffle.output;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.task.WrittenFile;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.PendingUpload;
import io.updraft.shuffle.store.S3ObjectStore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * An output folder on S3: each file is a multipart upload of its final key, parts of {@code partSize} bytes
 * uploaded while the task writes (at most two in flight), never completed by the task. Publishing completes the
 * upload (the object appears whole, at once); discarding aborts it. {@link #discardAll} aborts every upload in
 * progress under the folder whose key holds the write's id (Spark's file names do), so the uploads of attempts
 * the coordinator never heard of are aborted too, and deletes the write's markers under {@code _temporary/}.
 * {@link #discardAbandoned} goes by ListMultipartUploads' {@code Initiated} time and the markers' last-modified time.
 */
public final class S3OutputFolder implements OutputFolder {
    private static final int MAX_PARTS_IN_FLIGHT = 2;

    private final S3ObjectStore store;
    private final long partSize;

    S3OutputFolder(S3ObjectStore store, long partSize) {
        this.store = store;
        this.partSize = partSize;
    }

    @Override
    public ObjectStore store() {
        return store;
    }

    @Override
    public PendingFileStream create(String key, String partition, String writeId, int task, int attempt) {
        String uploadId = join(key, store.createUpload(key));
        return new UploadStream(key, partition, uploadId);
    }

    @Override
    public CompletableFuture<Void> publish(WrittenFile file) {
        return store.completeUpload(file.key(), file.uploadId(), file.partETags());
    }

    @Override
    public CompletableFuture<Void> discard(WrittenFile file) {
        return store.abortUpload(file.key(), file.uploadId());
    }

    @Override
    public CompletableFuture<Void> discardAll(String writeId) {
        CompletableFuture<Void> uploads = store.listUploads("").thenCompose(list -> {
            List<CompletableFuture<Void>> aborts = new ArrayList<>();
            for (PendingUpload u : list) {
                if (u.key().contains(writeId)) {
                    aborts.add(store.abortUpload(u.key(), u.uploadId()));
                }
            }
            return CompletableFuture.allOf(aborts.toArray(CompletableFuture[]::new));
        });
        CompletableFuture<Void> markers = store.list(OutputFolder.stagingPrefix(writeId)).thenCompose(list -> {
            List<CompletableFuture<Void>> deletes = new ArrayList<>();
            for (ObjectInfo o : list) {
                deletes.add(store.delete(o.key()));
            }
            return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
        });
        return CompletableFuture.allOf(uploads, markers);
    }

    @Override
    public CompletableFuture<Void> discardAbandoned(long touchedBeforeMillis) {
        CompletableFuture<Void> uploads = store.listUploads("").thenCompose(list -> {
            List<CompletableFuture<Void>> aborts = new ArrayList<>();
            for (PendingUpload u : list) {
                if (touchedBeforeMillis == Long.MAX_VALUE || u.initiatedMillis() < touchedBeforeMillis) {
                    aborts.add(store.abortUpload(u.key(), u.uploadId()));
                }
            }
            return CompletableFuture.allOf(aborts.toArray(CompletableFuture[]::new));
        });
        CompletableFuture<Void> staging = store.list("_temporary/").thenCompose(list -> {
            List<CompletableFuture<Void>> deletes = new ArrayList<>();
            for (ObjectInfo o : list) {
                if (touchedBeforeMillis == Long.MAX_VALUE || o.lastModifiedMillis() < touchedBeforeMillis) {
                    deletes.add(store.delete(o.key()));
                }
            }
            return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
        });
        return CompletableFuture.allOf(uploads, staging);
    }

    @Override
    public CompletableFuture<List<String>> pending(String writeId) {
        return store.listUploads("").thenApply(list -> list.stream().map(PendingUpload::key)
                .filter(k -> k.contains(writeId)).sorted().toList());
    }

    private <T> T join(String key, CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof UpdraftException u) {
                throw u;
            }
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot write output file " + store.describe(key) + ": "
                    + cause, cause);
        }
    }

    private final class UploadStream extends PendingFileStream {
        private final String key;
        private final String partition;
        private final String uploadId;
        private final List<CompletableFuture<String>> parts = new ArrayList<>();
        private byte[] buffer;
        private int filled;
        private long position;
        private boolean ended;

        UploadStream(String key, String partition, String uploadId) {
            this.key = key;
            this.partition = partition;
            this.uploadId = uploadId;
            this.buffer = new byte[(int) Math.min(partSize, 1 << 20)];
        }

        @Override
        public void write(int b) {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                if (filled == buffer.length) {
                    if (buffer.length < partSize) {
                        buffer = Arrays.copyOf(buffer, (int) Math.min(partSize, (long) buffer.length * 2));
                    } else {
                        sendPart();
                    }
                }
                int n = Math.min(len, buffer.length - filled);
                System.arraycopy(b, off, buffer, filled, n);
                filled += n;
                off += n;
                len -= n;
                position += n;
            }
        }

        private void sendPart() {
            int inFlight = 0;
            for (CompletableFuture<String> p : parts) {
                if (!p.isDone()) {
                    inFlight++;
                }
            }
            if (inFlight >= MAX_PARTS_IN_FLIGHT) {
                for (CompletableFuture<String> p : parts) {
                    join(key, p);
                }
            }
            parts.add(store.uploadPart(key, uploadId, parts.size() + 1, Arrays.copyOf(buffer, filled)));
            filled = 0;
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public WrittenFile finish(long rows) {
            sendPart();   // the last part may be small (or empty for an empty file)
            List<String> tags = new ArrayList<>(parts.size());
            for (CompletableFuture<String> p : parts) {
                tags.add(join(key, p));
            }
            ended = true;
            buffer = null;
            return WrittenFile.upload(key, partition, rows, position, uploadId, tags);
        }

        @Override
        public void abort() {
            if (ended) {
                return;
            }
            ended = true;
            buffer = null;
            store.abortUpload(key, uploadId).exceptionally(e -> null);
        }
    }
}
