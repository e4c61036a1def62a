package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * A session's planning footer reader: footers through the process-wide {@link FooterCache}, keyed by the
 * file's version — a local file's size, modification time and file key, read at every lookup; an s3://
 * object's size, ETag and modification time as its latest listing saw them ({@link #listed}). An s3:// path
 * no listing has seen is read without caching. Also counts the session's planning requests (LISTs added by
 * the file index, HEADs and GETs of the footers it reads) until a job summary takes them. Thread-safe.
 */
public final class CachingFooterReader implements ParquetFooterReader {
    private final ParquetFooterReader delegate;
    private final FooterCache cache;
    private final AtomicLong lists = new AtomicLong();
    private final AtomicLong heads = new AtomicLong();
    private final AtomicLong gets = new AtomicLong();
    private final AtomicLong footerReads = new AtomicLong();

    public CachingFooterReader(ParquetFooterReader delegate) {
        this(delegate, FooterCache.shared());
    }

    public CachingFooterReader(ParquetFooterReader delegate, FooterCache cache) {
        this.delegate = Objects.requireNonNull(delegate, "delegate is null");
        this.cache = Objects.requireNonNull(cache, "cache is null");
    }

    @Override
    public ParquetFileInfo read(String path) {
        return read(path, n -> { });
    }

    @Override
    public ParquetFileInfo read(String path, LongConsumer requests) {
        String version = isS3(path) ? cache.listedVersion(path) : localVersion(path);
        if (version != null) {
            ParquetFileInfo cached = cache.get(path, version);
            if (cached != null) {
                return cached;
            }
        }
        ParquetFileInfo info = readCounted(path, requests);
        if (version != null) {
            cache.put(path, version, info);
        }
        return info;
    }

    private ParquetFileInfo readCounted(String path, LongConsumer requests) {
        footerReads.incrementAndGet();
        long[] seen = new long[1];
        return delegate.read(path, n -> {
            for (long i = 0; i < n; i++) {
                if (seen[0]++ == 0) {
                    heads.incrementAndGet();
                } else {
                    gets.incrementAndGet();
                }
            }
            requests.accept(n);
        });
    }

    @Override
    public void listed(String path, String version) {
        cache.listed(path, version);
    }

    @Override
    public void addPlanningRequests(PlanningRequests requests) {
        lists.addAndGet(requests.lists());
        heads.addAndGet(requests.heads());
        gets.addAndGet(requests.gets());
    }

    @Override
    public PlanningRequests takePlanningRequests() {
        return new PlanningRequests(lists.getAndSet(0), heads.getAndSet(0), gets.getAndSet(0));
    }

    /** Footers this reader actually read (cache misses), over its life. */
    public long footerReads() {
        return footerReads.get();
    }

    private static boolean isS3(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return lower.startsWith("s3://") || lower.startsWith("s3a://");
    }

    /** size/modified/file key of a local file, or null (unreadable, or another scheme: not cached). */
    private static String localVersion(String path) {
        if (path.contains("://")) {
            return null;
        }
        try {
            BasicFileAttributes a = Files.readAttributes(Path.of(path), BasicFileAttributes.class);
            return a.size() + "/" + a.lastModifiedTime() + "/" + a.fileKey();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
