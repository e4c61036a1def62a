package io.updraft.shuffle.store;

import io.updraft.core.error.UpdraftException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * An {@link ObjectStore} over a local folder: key "a/b" is file root/a/b. Writes go to a temporary
 * file first and are moved into place atomically, so a reader never sees half an object. Operations
 * run on the calling thread and return completed futures.
 */
public final class LocalObjectStore implements ObjectStore {
    private final Path root;
    private final RequestCounts counts = new RequestCounts();

    public LocalObjectStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw UpdraftException.user("Cannot create object store folder " + this.root + ": " + e.getMessage(), e);
        }
    }

    public Path root() {
        return root;
    }

    @Override
    public CompletableFuture<Void> put(String key, byte[] data) {
        return attempt(() -> {
            Path tmp = writeTemp(key, data);
            Files.move(tmp, path(key), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            counts.put(data.length);
            return null;
        });
    }

    @Override
    public CompletableFuture<Boolean> putIfAbsent(String key, byte[] data) {
        return attempt(() -> {
            Path tmp = writeTemp(key, data);
            try {
                // A hard link fails if the target exists: an atomic create-if-absent.
                Files.createLink(path(key), tmp);
                counts.put(data.length);
                return true;
            } catch (FileAlreadyExistsException e) {
                counts.put(0);
                return false;
            } catch (UnsupportedOperationException | AtomicMoveNotSupportedException e) {
                throw new IOException("the file system of " + root + " cannot create files exclusively", e);
            } finally {
                Files.deleteIfExists(tmp);
            }
        });
    }

    @Override
    public CompletableFuture<byte[]> get(String key) {
        return attempt(() -> {
            byte[] data = Files.readAllBytes(path(key));
            counts.get(data.length);
            return data;
        });
    }

    @Override
    public CompletableFuture<byte[]> getRange(String key, long offset, long length) {
        return attempt(() -> {
            try (FileChannel ch = FileChannel.open(path(key), StandardOpenOption.READ)) {
                long available = Math.max(0, Math.min(length, ch.size() - offset));
                ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(available));
                while (buf.hasRemaining()) {
                    if (ch.read(buf, offset + buf.position()) < 0) {
                        break;
                    }
                }
                counts.get(buf.position());
                return buf.array();
            }
        });
    }

    @Override
    public CompletableFuture<Long> size(String key) {
        return attempt(() -> {
            counts.head();
            return Files.size(path(key));
        });
    }

    @Override
    public CompletableFuture<List<ObjectInfo>> list(String prefix) {
        return attempt(() -> {
            counts.list();
            List<ObjectInfo> out = new ArrayList<>();
            try (Stream<Path> files = Files.walk(root)) {
                for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    String key = root.relativize(p).toString().replace('\\', '/');
                    if (key.startsWith(prefix) && !p.getFileName().toString().startsWith(".tmp-")) {
                        out.add(new ObjectInfo(key, Files.size(p)));
                    }
                }
            }
            out.sort(Comparator.comparing(ObjectInfo::key));
            return out;
        });
    }

    @Override
    public CompletableFuture<Void> delete(String key) {
        return attempt(() -> {
            counts.delete();
            Files.deleteIfExists(path(key));
            return null;
        });
    }

    @Override
    public RequestCounts requestCounts() {
        return counts;
    }

    @Override
    public String describe(String key) {
        return path(key).toUri().toString();
    }

    @Override
    public void close() {
    }

    private Path path(String key) {
        if (key.isEmpty() || key.startsWith("/") || key.contains("..")) {
            throw new IllegalArgumentException("invalid object key '" + key + "'");
        }
        return root.resolve(key);
    }

    private Path writeTemp(String key, byte[] data) throws IOException {
        Path target = path(key);
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempFile(target.getParent(), ".tmp-", "");
        try {
            Files.write(tmp, data);
        } catch (IOException | RuntimeException e) {
            // e.g. ClosedByInterruptException when the writing task is cancelled: leave no partial file behind
            Files.deleteIfExists(tmp);
            throw e;
        }
        return tmp;
    }

    private interface IoAction<T> {
        T run() throws IOException;
    }

    private <T> CompletableFuture<T> attempt(IoAction<T> action) {
        try {
            return CompletableFuture.completedFuture(action.run());
        } catch (NoSuchFileException e) {
            return CompletableFuture.failedFuture(new ObjectNotFoundException(e.getFile()));
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new UncheckedIOException(e));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
