package io.updraft.coordinator.job;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class EventLoopTest {
    @Test
    void eventsPostedFromAnEventRunAfterItNotInsideIt() {
        List<String> order = new ArrayList<>();
        EventLoop loop = new EventLoop(t -> order.add("error " + t.getMessage()));
        loop.post(() -> {
            order.add("a start");
            loop.post(() -> order.add("b"));
            order.add("a end");
        });
        assertThat(order).containsExactly("a start", "a end", "b");
    }

    @Test
    void aThrowingEventGoesToTheHandlerAndTheLoopGoesOn() {
        List<String> order = new ArrayList<>();
        EventLoop loop = new EventLoop(t -> order.add("error " + t.getMessage()));
        loop.post(() -> {
            loop.post(() -> order.add("after"));
            throw new IllegalStateException("boom");
        });
        assertThat(order).containsExactly("error boom", "after");
    }

    @Test
    void eventsFromManyThreadsNeverOverlap() throws InterruptedException {
        EventLoop loop = new EventLoop(t -> {
        });
        AtomicInteger inside = new AtomicInteger();
        List<Integer> overlaps = Collections.synchronizedList(new ArrayList<>());
        int[] counter = new int[1];
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        for (int t = 0; t < 4; t++) {
            pool.execute(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 10_000; i++) {
                    loop.post(() -> {
                        if (inside.incrementAndGet() != 1) {
                            overlaps.add(1);
                        }
                        counter[0]++;
                        inside.decrementAndGet();
                    });
                }
            });
        }
        start.countDown();
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        loop.post(() -> { });
        assertThat(overlaps).isEmpty();
        assertThat(counter[0]).isEqualTo(40_000);
    }
}
