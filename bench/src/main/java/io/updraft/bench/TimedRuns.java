package io.updraft.bench;

import io.updraft.sql.Row;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Runs a query {@code warmup} times untimed, then {@code runs} times timed (wall clock around the whole
 * call: parse, plan, execute, every row into the JVM), and turns a failure into an {@link EngineResult}
 * instead of an exception, so one query an engine cannot run does not stop the benchmark. With a timeout,
 * each run happens on a daemon thread of its own and a run still going after the timeout is interrupted and
 * abandoned: the result is TIMEOUT and no further run starts. Stateless.
 */
final class TimedRuns {
    private TimedRuns() {
    }

    /**
     * @param timeout  longest wait for one run; {@link Duration#ZERO} waits for ever (and runs on this thread)
     * @param classify the outcome of a failure (UNSUPPORTED or ERROR) for this engine
     */
    static EngineResult measure(int warmup, int runs, Duration timeout, Callable<List<Row>> query,
                                Function<Throwable, EngineResult.Outcome> classify) {
        List<Double> warmupMillis = new ArrayList<>(warmup);
        List<Double> millis = new ArrayList<>(runs);
        List<Row> rows = List.of();
        ExecutorService thread = timeout.isZero() ? null : Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bench-query");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < warmup + runs; i++) {
                Timed run = thread == null ? Timed.of(query) : withTimeout(thread, query, timeout);
                if (i < warmup) {
                    warmupMillis.add(run.millis());
                } else {
                    millis.add(run.millis());
                    rows = run.rows();
                }
            }
        } catch (TimeoutException e) {
            return EngineResult.failed(EngineResult.Outcome.TIMEOUT, "no result within " + timeout.toSeconds() + " s ("
                    + (warmupMillis.size() < warmup ? "warm-up run " + (warmupMillis.size() + 1)
                    : "timed run " + (millis.size() + 1)) + ")");
        } catch (Exception | StackOverflowError | OutOfMemoryError failure) {
            return EngineResult.failed(classify.apply(failure), firstLine(failure));
        } finally {
            if (thread != null) {
                thread.shutdownNow();
            }
        }
        return EngineResult.ok(millis, warmupMillis, rows.size(), rows);
    }

    private record Timed(List<Row> rows, double millis) {
        static Timed of(Callable<List<Row>> query) throws Exception {
            long start = System.nanoTime();
            List<Row> rows = query.call();
            return new Timed(rows, (System.nanoTime() - start) / 1e6);
        }
    }

    private static Timed withTimeout(ExecutorService thread, Callable<List<Row>> query, Duration timeout)
            throws Exception {
        Future<Timed> run = thread.submit(() -> Timed.of(query));
        try {
            return run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            run.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        } catch (InterruptedException e) {
            run.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        }
    }

    /** The first non-blank line of the failure's message, with the class name when the message has no code. */
    static String firstLine(Throwable failure) {
        String message = failure.getMessage();
        if (message == null || message.isBlank()) {
            return failure.getClass().getName();
        }
        for (String line : message.split("\\R")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return message.strip();
    }
}
