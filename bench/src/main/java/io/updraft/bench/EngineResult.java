package io.updraft.bench;

import io.updraft.sql.Row;

import java.util.List;
import java.util.Objects;

/**
 * What one engine did with one query in a benchmark: its outcome, the time of every timed run (and of the
 * warm-up runs), and the rows of the last run. Immutable.
 *
 * @param outcome      OK, or why there is no time
 * @param message      the first line of the failure, empty when OK
 * @param millis       wall-clock milliseconds of each timed run, in order (empty unless OK)
 * @param warmupMillis milliseconds of each untimed warm-up run
 * @param rowCount     rows of the last run (-1 unless OK)
 * @param rows         the rows of the last run, for the comparison with DuckDB; may be fewer than
 *                     {@code rowCount} when the engine sent only the first ones, empty unless OK
 */
public record EngineResult(Outcome outcome, String message, List<Double> millis, List<Double> warmupMillis,
                           long rowCount, List<Row> rows) {
    /** How a run ended. */
    public enum Outcome {
        /** Every run finished. */
        OK,
        /** The engine rejected the query as something it cannot do yet (a USER error such as an unsupported feature). */
        UNSUPPORTED,
        /** The engine failed while running the query (an internal error, a crash, a missing runner). */
        ERROR,
        /** A run gave no result within the benchmark's timeout; it was abandoned. */
        TIMEOUT
    }

    public EngineResult {
        Objects.requireNonNull(outcome, "outcome is null");
        Objects.requireNonNull(message, "message is null");
        millis = List.copyOf(millis);
        warmupMillis = List.copyOf(warmupMillis);
        rows = List.copyOf(rows);
        if (outcome == Outcome.OK && millis.isEmpty()) {
            throw new IllegalArgumentException("an OK result needs at least one timed run");
        }
    }

    /** A finished query. */
    public static EngineResult ok(List<Double> millis, List<Double> warmupMillis, long rowCount, List<Row> rows) {
        return new EngineResult(Outcome.OK, "", millis, warmupMillis, rowCount, rows);
    }

    /** A query that did not finish. */
    public static EngineResult failed(Outcome outcome, String message) {
        if (outcome == Outcome.OK) {
            throw new IllegalArgumentException("failed() needs UNSUPPORTED, ERROR or TIMEOUT");
        }
        return new EngineResult(outcome, message, List.of(), List.of(), -1, List.of());
    }

    public boolean isOk() {
        return outcome == Outcome.OK;
    }

    /** Median of the timed runs; NaN unless OK. */
    public double medianMillis() {
        return isOk() ? Statistics.median(millis) : Double.NaN;
    }

    /** {@code "unsupported: <message>"}, {@code "error: <message>"}, {@code "timeout: <message>"}; "ok" when OK. */
    public String describe() {
        return switch (outcome) {
            case OK -> "ok";
            case UNSUPPORTED -> "unsupported: " + message;
            case ERROR -> "error: " + message;
            case TIMEOUT -> "timeout: " + message;
        };
    }
}
