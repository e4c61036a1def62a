package io.updraft.shuffle.read;

import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fetches many blocks with few requests: adjacent ranges of one object are coalesced into one ranged
 * GET, at most {@code maxInFlight} GETs run at once, and a GET slower than the hedge policy's
 * size-based timeout gets a duplicate; the first answer wins. Thread-safe; the scheduler is injected
 * so tests control time.
 */
public final class RangeFetcher {
    private static final Logger LOG = LoggerFactory.getLogger(RangeFetcher.class);

    private final ObjectStore store;
    private final int maxInFlight;
    private final HedgePolicy hedge;
    private final ScheduledExecutorService scheduler;
    private final AtomicInteger hedgedRequests = new AtomicInteger();

    public RangeFetcher(ObjectStore store, int maxInFlight, HedgePolicy hedge, ScheduledExecutorService scheduler) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1, was " + maxInFlight);
        }
        this.store = store;
        this.maxInFlight = maxInFlight;
        this.hedge = hedge;
        this.scheduler = scheduler;
    }

    /** Duplicate GETs sent so far. */
    public int hedgedRequests() {
        return hedgedRequests.get();
    }

    /** Coalesces blocks into ranges: same key, each starting where the previous ended. */
    static List<Range> coalesce(List<BlockRef> blocks) {
        List<BlockRef> sorted = new ArrayList<>(blocks);
        sorted.removeIf(b -> b.length() == 0);
        sorted.sort(Comparator.comparing(BlockRef::key).thenComparingLong(BlockRef::offset));
        List<Range> ranges = new ArrayList<>();
        Range current = null;
        for (BlockRef b : sorted) {
            if (current != null && current.key.equals(b.key()) && current.end() == b.offset()) {
                current.blocks.add(b);
                current.length += b.length();
            } else {
                current = new Range(b.key(), b.offset(), b.length());
                current.blocks.add(b);
                ranges.add(current);
            }
        }
        return ranges;
    }

    /** Fetches every block; the map's values are each block's bytes (empty for zero-length blocks). */
    public CompletableFuture<Map<BlockRef, byte[]>> fetch(List<BlockRef> blocks) {
        List<Range> ranges = coalesce(blocks);
        Semaphore permits = new Semaphore(maxInFlight);
        Map<BlockRef, byte[]> out = new HashMap<>();
        for (BlockRef b : blocks) {
            if (b.length() == 0) {
                out.put(b, new byte[0]);
            }
        }
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (Range r : ranges) {
            CompletableFuture<Void> done = CompletableFuture.runAsync(permits::acquireUninterruptibly, scheduler)
                    .thenCompose(v -> hedged(r))
                    .whenComplete((bytes, e) -> permits.release())
                    .thenAccept(bytes -> {
                        synchronized (out) {
                            for (BlockRef b : r.blocks) {
                                byte[] part = new byte[(int) b.length()];
                                System.arraycopy(bytes, (int) (b.offset() - r.offset), part, 0, part.length);
                                out.put(b, part);
                            }
                        }
                    });
            all.add(done);
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).thenApply(v -> out);
    }

    private CompletableFuture<byte[]> hedged(Range r) {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        CompletableFuture<byte[]> first = store.getRange(r.key, r.offset, r.length);
        first.whenComplete((bytes, e) -> complete(result, bytes, e, null));
        if (hedge.enabled()) {
            long timeoutMillis = hedge.timeoutMillis(r.length);
            scheduler.schedule(() -> {
                if (!result.isDone()) {
                    hedgedRequests.incrementAndGet();
                    LOG.debug("GET of {} bytes at {} of {} still running after {} ms: sent a duplicate", r.length,
                            r.offset, store.describe(r.key), timeoutMillis);
                    store.getRange(r.key, r.offset, r.length)
                            .whenComplete((bytes, e) -> complete(result, bytes, e, first));
                }
            }, timeoutMillis, TimeUnit.MILLISECONDS);
        }
        return result;
    }

    /** The first success wins; a failure wins only if the other request (if any) failed too. */
    private static void complete(CompletableFuture<byte[]> result, byte[] bytes, Throwable error,
                                 CompletableFuture<byte[]> other) {
        if (error == null) {
            result.complete(bytes);
        } else if (other == null || other.isCompletedExceptionally()) {
            result.completeExceptionally(error);
        } else {
            LOG.debug("a duplicate (hedged) GET failed; the first request still answers: {}", error.toString());
        }
    }

    static final class Range {
        final String key;
        final long offset;
        long length;
        final List<BlockRef> blocks = new ArrayList<>();

        Range(String key, long offset, long length) {
            this.key = key;
            this.offset = offset;
            this.length = length;
        }

        long end() {
            return offset + length;
        }
    }
}
