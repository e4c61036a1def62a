package io.updraft.coordinator;

import io.updraft.core.conf.SettingKeys;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.S3Location;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Where a session's shuffle objects go ({@value SettingKeys#SHUFFLE_ROOT}: a folder, {@code file:} URI or
 * {@code s3://bucket/prefix}) and the coordinator's own store handle on it (its own S3 client, so its request
 * counts are its own; used to delete shuffle objects). Without the setting a local session gets a fresh temp
 * folder that {@link #close()} deletes with everything in it. Thread-safe.
 */
public final class ShuffleRoot implements AutoCloseable {
    /** The task setting naming the shuffle store (read by the engine's ShuffleWrite/ShuffleRead). */

    private final String uri;
    private final ObjectStore store;
    private final Path ownedFolder;

    private ShuffleRoot(String uri, ObjectStore store, Path ownedFolder) {
        this.uri = uri;
        this.store = store;
        this.ownedFolder = ownedFolder;
    }

    /** The root named by {@value SettingKeys#SHUFFLE_ROOT} in {@code settings}, or a new temp folder if absent. */
    public static ShuffleRoot fromSettings(Map<String, String> settings) {
        String configured = settings.get(SettingKeys.SHUFFLE_ROOT);
        if (configured == null || configured.isBlank()) {
            try {
                Path folder = Files.createTempDirectory("updraft-shuffle-");
                return new ShuffleRoot(folder.toString(), new LocalObjectStore(folder), folder);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a temp folder for shuffle objects", e);
            }
        }
        return of(configured.strip(), settings);
    }

    /** The root {@code uri} (kept when closed); S3 roots use the {@code updraft.s3.*} settings. */
    public static ShuffleRoot of(String uri, Map<String, String> settings) {
        Objects.requireNonNull(uri, "uri is null");
        if (ObjectStores.isS3(uri)) {
            S3StoreConfig config;
            S3Location location;
            try {
                config = S3StoreConfig.fromSettings(settings);
                location = S3Location.parse("s3" + uri.substring(uri.indexOf("://")));
            } catch (IllegalArgumentException e) {
                throw UpdraftException.user("Invalid " + SettingKeys.SHUFFLE_ROOT + " '" + uri
                        + "' or updraft.s3.* settings: " + e.getMessage(), e);
            }
            return new ShuffleRoot(uri, new S3ObjectStore(location, config), null);
        }
        return new ShuffleRoot(uri, new LocalObjectStore(ObjectStores.localPath(uri)), null);
    }

    public String uri() {
        return uri;
    }

    public boolean isS3() {
        return ObjectStores.isS3(uri);
    }

    /** The coordinator's handle on the store (owned by this object). */
    public ObjectStore store() {
        return store;
    }

    /** Closes the store; deletes the temp folder this object made, if any. */
    @Override
    public void close() {
        store.close();
        if (ownedFolder == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(ownedFolder)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete shuffle folder " + ownedFolder, e);
        }
    }
}
