package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The process-wide cache of Parquet footers (schema, row counts, row groups) used at planning, shared by every
 * session of the JVM — so a warm Lambda coordinator or a long-lived service does not re-read the footers of
 * unchanged input at every query.
 *
 * <p>One entry per file path, holding the footer of one <em>version</em> of the file: for a local file its
 * size, modification time and file key (inode); for an s3:// object its size, ETag and last-modified time from
 * the listing. A footer is served only for the version it was read from, so a rewritten file is read again,
 * never served stale. An s3:// path's current version is the one its latest listing saw ({@link #listed}).
 *
 * <p>Bounded: at most {@code updraft.footerCache.maxEntries} paths (JVM system property, default 4096; 0
 * disables caching), least recently used dropped first. Thread-safe: one lock around the map; footers are
 * read outside it (two threads missing the same file may both read it, the last one is kept).
 */
public final class FooterCache {
    /** The JVM system property that bounds the cache. */
    public static final String MAX_ENTRIES_PROPERTY = "updraft.footerCache.maxEntries";
    public static final int DEFAULT_MAX_ENTRIES = 4096;

    private static final FooterCache SHARED = new FooterCache(Integer.getInteger(MAX_ENTRIES_PROPERTY,
            DEFAULT_MAX_ENTRIES));

    /** A path's known version and, once read, the footer of that version (null until read). */
    private record Cached(String version, ParquetFileInfo info) {
    }

    private final int maxEntries;
    private final LinkedHashMap<String, Cached> entries;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    /** A cache of at most {@code maxEntries} paths (0: nothing is kept). */
    public FooterCache(int maxEntries) {
        if (maxEntries < 0) {
            throw new IllegalArgumentException(MAX_ENTRIES_PROPERTY + " must be >= 0, got " + maxEntries);
        }
        this.maxEntries = maxEntries;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
                return size() > FooterCache.this.maxEntries;
            }
        };
    }

    /** The cache shared by the whole JVM. */
    public static FooterCache shared() {
        return SHARED;
    }

    /** The footer of {@code path} at {@code version}, or null (counted as a miss) if not cached. */
    public synchronized ParquetFileInfo get(String path, String version) {
        Cached e = entries.get(path);
        if (e != null && e.info() != null && e.version().equals(version)) {
            hits.incrementAndGet();
            return e.info();
        }
        misses.incrementAndGet();
        return null;
    }

    /** Keeps the footer of {@code path} at {@code version}, replacing any other version's. */
    public synchronized void put(String path, String version, ParquetFileInfo info) {
        entries.put(path, new Cached(version, info));
    }

    /** A listing saw {@code path} at {@code version}; a footer of another version is dropped. */
    public synchronized void listed(String path, String version) {
        Cached e = entries.get(path);
        if (e == null || !e.version().equals(version)) {
            entries.put(path, new Cached(version, null));
        }
    }

    /** The version the latest listing saw for {@code path}, or null. */
    public synchronized String listedVersion(String path) {
        Cached e = entries.get(path);
        return e == null ? null : e.version();
    }

    /** Drops every entry whose path starts with {@code prefix}; returns how many. */
    public synchronized int invalidate(String prefix) {
        int n = 0;
        for (Iterator<String> it = entries.keySet().iterator(); it.hasNext(); ) {
            if (it.next().startsWith(prefix)) {
                it.remove();
                n++;
            }
        }
        return n;
    }

    /** Drops everything. */
    public synchronized void clear() {
        entries.clear();
    }

    public synchronized int size() {
        return entries.size();
    }

    public int maxEntries() {
        return maxEntries;
    }

    /** Lookups answered from the cache. */
    public long hits() {
        return hits.get();
    }

    /** Lookups that had to read the footer. */
    public long misses() {
        return misses.get();
    }
}
