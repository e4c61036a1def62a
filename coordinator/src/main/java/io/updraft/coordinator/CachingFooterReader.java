package io.updraft.coordinator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers the footers of local files while their size and modification time stay the same, so a
 * session reads each footer once for {@code read()} and every later action. Other paths pass through.
 * Thread-safe.
 */
public final class CachingFooterReader implements ParquetFooterReader {
    private record Entry(long size, long modifiedMillis, ParquetFileInfo info) {
    }

    private final ParquetFooterReader delegate;
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    public CachingFooterReader(ParquetFooterReader delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate is null");
    }

    @Override
    public ParquetFileInfo read(String path) {
        BasicFileAttributes attrs = localAttributes(path);
        if (attrs == null) {
            return delegate.read(path);
        }
        long size = attrs.size();
        long modified = attrs.lastModifiedTime().toMillis();
        Entry e = cache.get(path);
        if (e != null && e.size() == size && e.modifiedMillis() == modified) {
            return e.info();
        }
        ParquetFileInfo info = delegate.read(path);
        cache.put(path, new Entry(size, modified, info));
        return info;
    }

    private static BasicFileAttributes localAttributes(String path) {
        if (path.contains("://")) {
            return null;
        }
        try {
            return Files.readAttributes(Path.of(path), BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
