package io.updraft.engine.store;

import io.updraft.core.error.UpdraftException;
import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.S3Location;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.net.URI;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The process-wide {@link ObjectStoreProvider}: one {@link S3AsyncClient} per distinct S3 configuration
 * and one store per root, created on first use and kept for the life of the process (a Lambda
 * container's, a local session's); also the shared scheduler of shuffle range fetches. Thread-safe.
 */
public final class ObjectStores implements ObjectStoreProvider {
    private static final ObjectStores SHARED = new ObjectStores();
    private static volatile ScheduledExecutorService scheduler;

    private final Map<S3StoreConfig, S3AsyncClient> clients = new ConcurrentHashMap<>();
    private final Map<String, ObjectStore> stores = new ConcurrentHashMap<>();

    private ObjectStores() {
    }

    public static ObjectStores shared() {
        return SHARED;
    }

    @Override
    public ObjectStore store(String rootUri, Map<String, String> settings) {
        if (isS3(rootUri)) {
            S3StoreConfig config = s3Config(settings);
            String key = rootUri + "|" + config;
            return stores.computeIfAbsent(key, k -> new S3ObjectStore(
                    clients.computeIfAbsent(config, S3ObjectStore::buildClient), S3Location.parse(normalizeS3(rootUri)),
                    config));
        }
        Path folder = localPath(rootUri);
        return stores.computeIfAbsent(folder.toAbsolutePath().normalize().toString(),
                k -> new LocalObjectStore(folder));
    }

    /** How many S3 clients are open (one per distinct S3 configuration used so far). */
    public int openClients() {
        return clients.size();
    }

    /**
     * Closes every S3 client and forgets every store; the next {@link #store} makes new ones. For a snapshot of the
     * process (Lambda SnapStart): connections open at the checkpoint would be dead after a restore. Stores handed
     * out before must not be used afterwards.
     */
    public synchronized void closeClients() {
        stores.clear();
        for (S3AsyncClient client : clients.values()) {
            client.close();
        }
        clients.clear();
    }

    private static S3StoreConfig s3Config(Map<String, String> settings) {
        try {
            return S3StoreConfig.fromSettings(settings);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user("Invalid updraft.s3.* settings: " + e.getMessage(), e);
        }
    }

    public static boolean isS3(String uri) {
        String lower = uri.toLowerCase(Locale.ROOT);
        return lower.startsWith("s3://") || lower.startsWith("s3a://") || lower.startsWith("s3n://");
    }

    private static String normalizeS3(String uri) {
        int colon = uri.indexOf("://");
        return "s3" + uri.substring(colon);
    }

    /** The local folder a path or {@code file:} URI names. */
    public static Path localPath(String uri) {
        try {
            return uri.toLowerCase(Locale.ROOT).startsWith("file:") ? Paths.get(URI.create(uri)) : Path.of(uri);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user("Invalid path " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Splits {@code s3://bucket/some/key} into the bucket root ({@code s3://bucket}) and the key
     * ({@code some/key}).
     */
    public static String[] splitS3(String uri) {
        String normalized = normalizeS3(uri);
        int start = "s3://".length();
        int slash = normalized.indexOf('/', start);
        if (slash < 0 || slash == normalized.length() - 1 || slash == start) {
            throw UpdraftException.user("Invalid S3 object URI (expected s3://bucket/key): " + uri);
        }
        return new String[] {normalized.substring(0, slash), normalized.substring(slash + 1)};
    }

    /** The shared scheduler of range fetches and hedges: a few daemon threads per process. */
    public static ScheduledExecutorService scheduler() {
        ScheduledExecutorService s = scheduler;
        if (s == null) {
            synchronized (ObjectStores.class) {
                s = scheduler;
                if (s == null) {
                    s = Executors.newScheduledThreadPool(4, r -> {
                        Thread t = new Thread(r, "updraft-fetch");
                        t.setDaemon(true);
                        return t;
                    });
                    scheduler = s;
                }
            }
        }
        return s;
    }
}
