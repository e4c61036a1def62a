package io.updraft.shuffle.store;

import java.util.Objects;

/** A multipart upload in progress: the key it will publish (relative to the store's root) and its id. */
public record PendingUpload(String key, String uploadId) {
    public PendingUpload {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(uploadId, "uploadId is null");
    }
}
