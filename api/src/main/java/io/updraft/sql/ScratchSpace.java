package io.updraft.sql;

import io.updraft.coordinator.ShuffleRoot;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A session's folders for rows it keeps between jobs — persisted Datasets, checkpoints and {@code toLocalIterator}
 * chunks — under the cluster's shuffle root, {@code <root>/scratch/<session id>/<kind>-<n>/}: a local folder in local
 * mode, an S3 prefix on Lambda (where the workers write their Parquet files and later tasks read them; the shuffle
 * prefix's lifecycle rule is the backstop for a coordinator that dies). The same code runs in both modes: folders
 * are named as paths the writer and the reader take, listed and deleted through the root's {@link ObjectStore}.
 * {@link #deleteAll()} (the session stops) deletes everything the session kept. A checkpoint directory is the same
 * kind of space over another root ({@code <dir>/<uuid>/checkpoint-<n>/}), which nothing deletes. Thread-safe.
 */
final class ScratchSpace {
    private final ShuffleRoot root;
    private final String prefix;
    private final AtomicLong folders = new AtomicLong();

    ScratchSpace(ShuffleRoot root) {
        this(root, "scratch/" + UUID.randomUUID() + "/");
    }

    /**
     * Folders under {@code prefix} (ending in "/") of {@code root}: a checkpoint directory's {@code <uuid>/}, whose
     * root the session owns ({@link #closeRoot()}).
     */
    ScratchSpace(ShuffleRoot root, String prefix) {
        this.root = root;
        this.prefix = prefix;
    }

    /** The space's own folder as a URI: {@code file:/abs/path} locally (as Spark prints one), else {@code s3://...}. */
    String baseUri() {
        String base = location(prefix);
        return root.isS3() ? base : "file:" + base;
    }

    /** Closes the root's store (a checkpoint directory's; the files stay). */
    void closeRoot() {
        root.close();
    }

    /** A new, empty folder's path (an {@code s3://} URI or a local path) for the writer and the reader. */
    String newFolder(String kind) {
        return location(prefix + kind + "-" + folders.incrementAndGet());
    }

    /** Whether the folders are S3 prefixes. */
    boolean isS3() {
        return root.isS3();
    }

    /** The Parquet files directly in {@code folder} (not under {@code _temporary/}), as paths, in name order. */
    List<String> parquetFiles(String folder) {
        String key = keyOf(folder) + "/";
        List<String> files = new ArrayList<>();
        for (ObjectInfo o : root.store().list(key).join()) {
            String name = o.key().substring(key.length());
            if (!name.contains("/") && name.endsWith(".parquet")) {
                files.add(location(o.key()));
            }
        }
        files.sort(Comparator.naturalOrder());
        return files;
    }

    /** Deletes {@code folder} and everything in it (best effort: a failure is logged). */
    void delete(String folder) {
        if (folder != null) {
            deleteKeys(keyOf(folder) + "/");
        }
    }

    /** Deletes every folder of the session. */
    void deleteAll() {
        deleteKeys(prefix);
    }

    /** Objects left under the session's folders (a test's proof of the cleanup). */
    List<String> objects() {
        return root.store().list(prefix).join().stream().map(o -> location(o.key())).toList();
    }

    private void deleteKeys(String keyPrefix) {
        try {
            ObjectStore store = root.store();
            List<CompletableFuture<Void>> deletes = new ArrayList<>();
            for (ObjectInfo o : store.list(keyPrefix).join()) {
                deletes.add(store.delete(o.key()));
            }
            CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)).join();
            if (!root.isS3()) {
                deleteLocalFolder(ObjectStores.localPath(root.uri()).resolve(keyPrefix));
            }
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(ScratchSpace.class).warn("cannot delete {}: {}", location(keyPrefix), e.toString());
        }
    }

    private static void deleteLocalFolder(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LoggerFactory.getLogger(ScratchSpace.class).warn("cannot delete {}: {}", folder, e.toString());
        }
    }

    private String location(String key) {
        String k = key.endsWith("/") ? key.substring(0, key.length() - 1) : key;
        if (root.isS3()) {
            String uri = root.uri();
            return (uri.endsWith("/") ? uri : uri + "/") + k;
        }
        return ObjectStores.localPath(root.uri()).resolve(k).toString();
    }

    private String keyOf(String location) {
        String base = location(prefix);
        int at = location.indexOf(base);
        if (at != 0) {
            throw new IllegalArgumentException(location + " is not in the session's scratch space " + base);
        }
        String rest = location.substring(base.length()).replace('\\', '/');
        while (rest.startsWith("/")) {
            rest = rest.substring(1);
        }
        return prefix + rest;
    }
}
