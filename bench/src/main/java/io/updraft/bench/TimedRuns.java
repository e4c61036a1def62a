package io.updraft.bench;

import io.updraft.sql.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * Runs a query {@code warmup} times untimed, then {@code runs} times timed (wall clock around the whole
 * call: parse, plan, execute, every row into the JVM), and turns a failure into an {@link EngineResult}
 * instead of an exception, so one query an engine cannot run does not stop the benchmark. Stateless.
 */
final class TimedRuns {
    private TimedRuns() {
    }

    /**
     * @param classify the outcome of a failure (UNSUPPORTED or ERROR) for this engine
     */
    static EngineResult measure(int warmup, int runs, Callable<List<Row>> query,
                                Function<Throwable, EngineResult.Outcome> classify) {
        List<Double> warmupMillis = new ArrayList<>(warmup);
        List<Double> millis = new ArrayList<>(runs);
        List<Row> rows = List.of();
        try {
            for (int i = 0; i < warmup; i++) {
                long start = System.nanoTime();
                query.call();
                warmupMillis.add((System.nanoTime() - start) / 1e6);
            }
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                rows = query.call();
                millis.add((System.nanoTime() - start) / 1e6);
            }
        } catch (Exception | StackOverflowError | OutOfMemoryError failure) {
            return EngineResult.failed(classify.apply(failure), firstLine(failure));
        }
        return EngineResult.ok(millis, warmupMillis, rows.size(), rows);
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
