package io.updraft.shuffle.output;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.task.WrittenFile;
import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.shuffle.store.ObjectStore;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * An output folder on the local file system: a task attempt writes each file under
 * {@code _temporary/<writeId>/task-<t>-a<attempt>/<key>}; publishing moves it to {@code <key>} with an atomic
 * rename (never replacing a file); the write's staging folder is deleted by {@link #discardAll}. A staging folder
 * was last touched ({@link #discardAbandoned}) when anything under it was last modified.
 */
public final class LocalOutputFolder implements OutputFolder {
    private final LocalObjectStore store;

    LocalOutputFolder(LocalObjectStore store) {
        this.store = store;
    }

    @Override
    public ObjectStore store() {
        return store;
    }

    /** The staging key of {@code key} for one task attempt. */
    static String stagedKey(String key, String writeId, int task, int attempt) {
        return OutputFolder.stagingPrefix(writeId) + "task-" + task + "-a" + attempt + "/" + key;
    }

    @Override
    public PendingFileStream create(String key, String partition, String writeId, int task, int attempt) {
        String staged = stagedKey(key, writeId, task, attempt);
        Path path = store.root().resolve(staged);
        try {
            Files.createDirectories(path.getParent());
            return new StagedStream(key, partition, staged, path,
                    new BufferedOutputStream(Files.newOutputStream(path), 64 * 1024));
        } catch (IOException e) {
            throw UpdraftException.user("Cannot create output file " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public CompletableFuture<Void> publish(WrittenFile file) {
        return CompletableFuture.runAsync(() -> {
            Path from = store.root().resolve(file.stagedKey());
            Path to = store.root().resolve(file.key());
            try {
                Files.createDirectories(to.getParent());
                if (Files.exists(to)) {
                    throw new FileAlreadyExistsException(to.toString());
                }
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UpdraftException(ErrorType.INTERNAL, "Cannot publish output file " + to + ": " + e, e);
            }
        });
    }

    @Override
    public CompletableFuture<Void> discard(WrittenFile file) {
        return CompletableFuture.runAsync(() -> {
            try {
                Files.deleteIfExists(store.root().resolve(file.stagedKey()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    public CompletableFuture<Void> discardAll(String writeId) {
        return CompletableFuture.runAsync(() -> {
            Path staging = store.root().resolve(OutputFolder.stagingPrefix(writeId));
            try {
                deleteTree(staging);
                Path temporary = staging.getParent();
                try (Stream<Path> left = Files.exists(temporary) ? Files.list(temporary) : Stream.empty()) {
                    if (left.findAny().isEmpty()) {
                        Files.deleteIfExists(temporary);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot delete the staging folder " + staging, e);
            }
        });
    }

    @Override
    public CompletableFuture<Void> discardAbandoned(long touchedBeforeMillis) {
        return CompletableFuture.runAsync(() -> {
            Path temporary = store.root().resolve("_temporary");
            try {
                if (touchedBeforeMillis == Long.MAX_VALUE) {
                    deleteTree(temporary);
                    return;
                }
                if (!Files.isDirectory(temporary)) {
                    return;
                }
                try (Stream<Path> writes = Files.list(temporary)) {
                    for (Path write : writes.toList()) {
                        if (lastTouchedMillis(write) < touchedBeforeMillis) {
                            deleteTree(write);
                        }
                    }
                }
                try (Stream<Path> left = Files.list(temporary)) {
                    if (left.findAny().isEmpty()) {
                        Files.deleteIfExists(temporary);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The newest modification time of anything under {@code root} (a write's staging folder), epoch millis. */
    private static long lastTouchedMillis(Path root) throws IOException {
        long newest = 0;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.toList()) {
                try {
                    newest = Math.max(newest, Files.getLastModifiedTime(p).toMillis());
                } catch (NoSuchFileException ignored) {
                    // deleted meanwhile
                }
            }
        } catch (NoSuchFileException | UncheckedIOException ignored) {
            // the folder went away while it was walked
        }
        return newest;
    }

    @Override
    public CompletableFuture<List<String>> pending(String writeId) {
        return CompletableFuture.supplyAsync(() -> {
            Path staging = store.root().resolve(OutputFolder.stagingPrefix(writeId));
            List<String> out = new ArrayList<>();
            if (!Files.exists(staging)) {
                return out;
            }
            try (Stream<Path> files = Files.walk(staging)) {
                files.filter(Files::isRegularFile)
                        .forEach(p -> out.add(store.root().relativize(p).toString().replace('\\', '/')));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.sort(null);
            return out;
        });
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.deleteIfExists(p);
                } catch (NoSuchFileException ignored) {
                    // raced with another delete
                }
            }
        }
    }

    private static final class StagedStream extends PendingFileStream {
        private final String key;
        private final String partition;
        private final String staged;
        private final Path path;
        private final OutputStream out;
        private long position;
        private boolean closed;

        StagedStream(String key, String partition, String staged, Path path, OutputStream out) {
            this.key = key;
            this.partition = partition;
            this.staged = staged;
            this.path = path;
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            position++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            position += len;
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public WrittenFile finish(long rows) {
            try {
                out.close();
            } catch (IOException e) {
                throw UpdraftException.user("Cannot write output file " + path + ": " + e.getMessage(), e);
            }
            closed = true;
            return WrittenFile.staged(key, partition, rows, position, staged);
        }

        @Override
        public void abort() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                out.close();
            } catch (IOException ignored) {
                // the file is deleted below
            }
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // the job's discardAll removes the staging folder
            }
        }
    }
}
