package io.updraft.shuffle.store;

import java.util.Objects;

/**
 * A multipart upload in progress: the key it will publish (relative to the store's root), its id and when it was
 * initiated (epoch milliseconds, 0 when the listing did not say).
 */
public record PendingUpload(String key, String uploadId, long initiatedMillis) {
    public PendingUpload {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(uploadId, "uploadId is null");
    }
}
