package io.updraft.engine.store;

import io.updraft.shuffle.store.ObjectStore;

import java.util.Map;

/**
 * Finds the {@link ObjectStore} for a root URI: {@code s3://bucket[/prefix]} or a local folder (path or
 * {@code file:} URI). Stores are shared and long-lived (one S3 client per process, as a Lambda container
 * wants): callers never close them. Implementations are thread-safe.
 */
public interface ObjectStoreProvider {
    /** The store rooted at {@code rootUri}; {@code settings} carry the {@code updraft.s3.*} options. */
    ObjectStore store(String rootUri, Map<String, String> settings);
}
