package io.updraft.bench;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class TimedRunsTest {
    private static final List<Row> ROWS = List.of(Row.of(1L), Row.of(2L));

    @Test
    void warmUpRunsAreNotTimedResultsComeFromTheLastRun() {
        AtomicInteger calls = new AtomicInteger();
        EngineResult result = TimedRuns.measure(2, 3, Duration.ZERO, () -> {
            calls.incrementAndGet();
            return ROWS;
        }, failure -> EngineResult.Outcome.ERROR);

        assertThat(calls).hasValue(5);
        assertThat(result.isOk()).isTrue();
        assertThat(result.warmupMillis()).hasSize(2);
        assertThat(result.millis()).hasSize(3);
        assertThat(result.rowCount()).isEqualTo(2);
        assertThat(result.rows()).isEqualTo(ROWS);
    }

    @Test
    void aFailureBecomesAResultWithItsFirstLine() {
        EngineResult result = TimedRuns.measure(1, 3, Duration.ZERO, () -> {
            throw UpdraftException.user("[UNSUPPORTED_FEATURE] like\nmore detail");
        }, UpdraftEngine::classify);
        assertThat(result.describe()).isEqualTo("unsupported: [UNSUPPORTED_FEATURE] like");

        EngineResult internal = TimedRuns.measure(0, 1, Duration.ofSeconds(5), () -> {
            throw new IllegalStateException("engine bug");
        }, UpdraftEngine::classify);
        assertThat(internal.describe()).isEqualTo("error: engine bug");
    }

    @Test
    void aRunPastTheTimeoutIsInterruptedAndNoFurtherRunStarts() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch interrupted = new CountDownLatch(1);
        EngineResult result = TimedRuns.measure(1, 3, Duration.ofSeconds(1), () -> {
            if (calls.incrementAndGet() == 2) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    interrupted.countDown();
                    throw e;
                }
            }
            return ROWS;
        }, failure -> EngineResult.Outcome.ERROR);

        assertThat(result.describe()).isEqualTo("timeout: no result within 1 s (timed run 1)");
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(calls).hasValue(2);
    }
}
