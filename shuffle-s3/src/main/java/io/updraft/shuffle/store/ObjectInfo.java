package io.updraft.shuffle.store;

/**
 * One listed object: its key, size and, where the store has them, its version identity — the S3 ETag and
 * last-modified time from the listing ("" and 0 when unknown). A rewritten object has a new ETag/time.
 */
public record ObjectInfo(String key, long size, String eTag, long lastModifiedMillis) {
    public ObjectInfo {
        eTag = eTag == null ? "" : eTag;
    }

    /** An object whose version identity is unknown. */
    public ObjectInfo(String key, long size) {
        this(key, size, "", 0L);
    }
}
