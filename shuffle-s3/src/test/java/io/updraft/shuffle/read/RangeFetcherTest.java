package io.updraft.shuffle.read;

import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.RequestCounts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class RangeFetcherTest {
    @TempDir
    Path dir;
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
    }

    @Test
    void adjacentBlocksOfOneObjectCostOneGet() {
        try (LocalObjectStore store = new LocalObjectStore(dir)) {
            store.put("m0", "aaaabbbbcccc".getBytes(StandardCharsets.UTF_8)).join();
            store.put("m1", "ddddeeee".getBytes(StandardCharsets.UTF_8)).join();
            BlockRef a = new BlockRef("m0", 0, 4);
            BlockRef b = new BlockRef("m0", 4, 4);
            BlockRef c = new BlockRef("m0", 8, 4);
            BlockRef e = new BlockRef("m1", 4, 4);
            BlockRef empty = new BlockRef("m1", 0, 0);

            RangeFetcher fetcher = new RangeFetcher(store, 4, HedgePolicy.NEVER, scheduler);
            Map<BlockRef, byte[]> got = fetcher.fetch(List.of(c, a, e, b, empty)).join();

            assertThat(new String(got.get(a), StandardCharsets.UTF_8)).isEqualTo("aaaa");
            assertThat(new String(got.get(b), StandardCharsets.UTF_8)).isEqualTo("bbbb");
            assertThat(new String(got.get(c), StandardCharsets.UTF_8)).isEqualTo("cccc");
            assertThat(new String(got.get(e), StandardCharsets.UTF_8)).isEqualTo("eeee");
            assertThat(got.get(empty)).isEmpty();
            assertThat(store.requestCounts().gets()).as("one GET per object").isEqualTo(2);
        }
    }

    @Test
    void gapsAreNotCoalesced() {
        List<RangeFetcher.Range> ranges = RangeFetcher.coalesce(List.of(
                new BlockRef("k", 0, 10), new BlockRef("k", 20, 10), new BlockRef("k", 10, 5)));
        assertThat(ranges).hasSize(2);
        assertThat(ranges.get(0).length).isEqualTo(15);
    }

    @Test
    void slowGetIsHedgedAndTheFastDuplicateWins() {
        SlowFirstStore store = new SlowFirstStore();
        RangeFetcher fetcher = new RangeFetcher(store, 2, new HedgePolicy(Duration.ofMillis(50), 1_000_000_000),
                scheduler);
        BlockRef block = new BlockRef("k", 0, 3);

        Map<BlockRef, byte[]> got = fetcher.fetch(List.of(block)).join();

        assertThat(new String(got.get(block), StandardCharsets.UTF_8)).isEqualTo("abc");
        assertThat(fetcher.hedgedRequests()).isEqualTo(1);
        assertThat(store.calls.get()).isEqualTo(2);
    }

    /** A store whose first GET never answers; later GETs answer at once. */
    private static final class SlowFirstStore implements ObjectStore {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public CompletableFuture<byte[]> getRange(String key, long offset, long length) {
            if (calls.incrementAndGet() == 1) {
                return new CompletableFuture<>();
            }
            return CompletableFuture.completedFuture("abc".getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public CompletableFuture<Void> put(String key, byte[] data) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> putIfAbsent(String key, byte[] data) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<byte[]> get(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Long> size(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<List<ObjectInfo>> list(String prefix) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Void> delete(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public RequestCounts requestCounts() {
            return new RequestCounts();
        }

        @Override
        public String describe(String key) {
            return key;
        }

        @Override
        public void close() {
        }
    }
}
