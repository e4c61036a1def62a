package io.updraft.coordinator.invoke;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InProcessInvokerTest {

    @Test
    void runsAtMostNTasksAtOnce() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch twoStarted = new CountDownLatch(2);
        try (InProcessInvoker invoker = new InProcessInvoker(2, json -> {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            twoStarted.countDown();
            try {
                twoStarted.await(5, TimeUnit.SECONDS);
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            running.decrementAndGet();
            return "done " + json;
        })) {
            List<CompletableFuture<String>> futures = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                futures.add(invoker.invoke("t" + i));
            }
            for (int i = 0; i < 6; i++) {
                assertThat(futures.get(i).get(5, TimeUnit.SECONDS)).isEqualTo("done t" + i);
            }
            assertThat(peak.get()).isEqualTo(2);
            assertThat(invoker.concurrency()).isEqualTo(2);
        }
    }

    @Test
    void aTaskCancelledBeforeItStartsDoesNotRun() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> ran = new ArrayList<>();
        try (InProcessInvoker invoker = new InProcessInvoker(1, json -> {
            synchronized (ran) {
                ran.add(json);
            }
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return json;
        })) {
            CompletableFuture<String> first = invoker.invoke("first");
            CompletableFuture<String> queued = invoker.invoke("queued");
            queued.cancel(false);
            release.countDown();
            assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("first");
        }
        assertThat(ran).containsExactly("first");
    }

    @Test
    void aThrowingWorkerCompletesTheFutureExceptionally() {
        try (InProcessInvoker invoker = new InProcessInvoker(1, json -> {
            throw new IllegalStateException("bad " + json);
        })) {
            assertThatThrownBy(() -> invoker.invoke("x").join()).hasRootCauseMessage("bad x");
        }
    }

    @Test
    void rejectsFewerThanOneThread() {
        assertThatThrownBy(() -> new InProcessInvoker(0, json -> json))
                .hasMessage("threads must be >= 1, was 0");
    }

    @Test
    void stopInterruptsARunningTaskAndSkipsAQueuedOne() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch nextStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        try (InProcessInvoker invoker = new InProcessInvoker(1, json -> {
            ran.incrementAndGet();
            started.countDown();
            if (json.equals("c")) {
                nextStarted.countDown();
            }
            try {
                // an interrupt before or while waiting throws; one that lands as the latch opens stays flagged
                release.await();
                return Thread.interrupted() ? "stopped " + json : "finished " + json;
            } catch (InterruptedException e) {
                return "stopped " + json;   // the engine reports a cancelled task as a FAILED result
            }
        })) {
            assertThat(invoker.stopsRunningTasks()).isTrue();
            CompletableFuture<String> running = invoker.invoke("a");
            CompletableFuture<String> queued = invoker.invoke("b");
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();

            invoker.stop(queued);
            invoker.stop(running);

            assertThat(running.get(5, TimeUnit.SECONDS)).isEqualTo("stopped a");
            assertThat(queued.isCancelled()).isTrue();
            // the pool thread is not left interrupted, and stopping another future leaves the running task alone:
            // the next task runs to its end
            CompletableFuture<String> next = invoker.invoke("c");
            assertThat(nextStarted.await(5, TimeUnit.SECONDS)).isTrue();
            invoker.stop(CompletableFuture.completedFuture("unrelated"));
            assertThat(next.isDone()).isFalse();
            release.countDown();
            assertThat(next.get(5, TimeUnit.SECONDS)).isEqualTo("finished c");
            assertThat(ran.get()).isEqualTo(2);
        }
    }
}
