package io.updraft.shuffle.store;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A flat key → bytes store: S3 or a local folder. Keys are relative to the store's root and use '/'
 * as separator. All operations are asynchronous; a missing key completes exceptionally with
 * {@link ObjectNotFoundException}. Implementations are thread-safe and count their requests.
 */
public interface ObjectStore extends AutoCloseable {

    /** Writes (or overwrites) {@code key}. Large payloads use multipart upload where the store has it. */
    CompletableFuture<Void> put(String key, byte[] data);

    /**
     * Writes {@code key} only if it does not exist yet (S3 {@code If-None-Match: *}). Completes with
     * false, writing nothing, when it exists — for commits that must never overwrite.
     */
    CompletableFuture<Boolean> putIfAbsent(String key, byte[] data);

    /** The whole object. */
    CompletableFuture<byte[]> get(String key);

    /** {@code length} bytes from {@code offset} (a ranged GET). */
    CompletableFuture<byte[]> getRange(String key, long offset, long length);

    /** Size in bytes. */
    CompletableFuture<Long> size(String key);

    /** Objects whose key starts with {@code prefix}, sorted by key. */
    CompletableFuture<List<ObjectInfo>> list(String prefix);

    /** Deletes {@code key}; deleting a missing key succeeds. */
    CompletableFuture<Void> delete(String key);

    /** Request counts since creation. */
    RequestCounts requestCounts();

    /** A URI naming {@code key} for messages: s3://bucket/prefix/key or file:/path. */
    String describe(String key);

    @Override
    void close();
}
