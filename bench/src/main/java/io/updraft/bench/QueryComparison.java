package io.updraft.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One query across the engines: their results and whether Updraft's (and Spark's) rows match DuckDB's.
 * Immutable.
 *
 * @param query          TPC-H query number
 * @param updraft        Updraft through {@code session.sql}
 * @param updraftDataset Updraft through the Dataset API, or null when the query has no Dataset version
 * @param duckdb         DuckDB, the reference for rows
 * @param spark          Spark, or null when Spark did not run
 */
public record QueryComparison(int query, EngineResult updraft, EngineResult updraftDataset, EngineResult duckdb,
                              EngineResult spark) {
    public QueryComparison {
        Objects.requireNonNull(updraft, "updraft is null");
        Objects.requireNonNull(duckdb, "duckdb is null");
    }

    /** Empty when Updraft's SQL rows match DuckDB's; the first difference otherwise; empty too when not comparable. */
    public Optional<String> updraftDifference() {
        return difference(updraft);
    }

    public Optional<String> datasetDifference() {
        return updraftDataset == null ? Optional.empty() : difference(updraftDataset);
    }

    public Optional<String> sparkDifference() {
        return spark == null ? Optional.empty() : difference(spark);
    }

    /** True when Updraft (SQL) finished with DuckDB's rows. */
    public boolean updraftCorrect() {
        return updraft.isOk() && duckdb.isOk() && updraftDifference().isEmpty();
    }

    /**
     * True when the query counts for the geometric means: every engine that ran finished, and Updraft's rows
     * match DuckDB's (a wrong answer's time means nothing).
     */
    public boolean allCompleted() {
        return updraftCorrect() && (spark == null || spark.isOk());
    }

    /** Updraft's median over DuckDB's; NaN unless both finished. */
    public double updraftOverDuckDb() {
        return ratio(updraft, duckdb);
    }

    /** Updraft's median over Spark's; NaN unless both finished. */
    public double updraftOverSpark() {
        return spark == null ? Double.NaN : ratio(updraft, spark);
    }

    /** Spark's median over DuckDB's; NaN unless both finished. */
    public double sparkOverDuckDb() {
        return spark == null ? Double.NaN : ratio(spark, duckdb);
    }

    /**
     * Updraft's SQL outcome first — {@code ok} (rows match DuckDB's), {@code MISMATCH: <first difference>},
     * {@code unsupported: <message>}, {@code error: <message>}, {@code timeout: <message>}, or {@code unchecked}
     * when DuckDB failed — then,
     * "; "-separated, whatever else went wrong: the same for the Dataset API prefixed {@code dataset}
     * ({@code dataset: the same} when it failed as the SQL did),
     * {@code duckdb error: ...}, {@code spark error: ...}, {@code spark MISMATCH: ...}.
     */
    public String status() {
        List<String> notes = new ArrayList<>();
        notes.add(updraft.isOk() && !duckdb.isOk() ? "unchecked" : describe(updraft, updraftDifference()));
        if (!duckdb.isOk()) {
            notes.add("duckdb " + duckdb.describe());
        }
        if (updraftDataset != null) {
            String dataset = describe(updraftDataset, datasetDifference());
            if (!updraftDataset.isOk() && updraftDataset.outcome() == updraft.outcome()
                    && updraftDataset.message().equals(updraft.message())) {
                notes.add("dataset: the same");
            } else if (!dataset.equals("ok")) {
                notes.add("dataset " + dataset);
            }
        }
        if (spark != null) {
            String sparkNote = describe(spark, sparkDifference());
            if (!sparkNote.equals("ok")) {
                notes.add("spark " + sparkNote);
            }
        }
        return String.join("; ", notes);
    }

    private static String describe(EngineResult result, Optional<String> difference) {
        if (!result.isOk()) {
            return result.describe();
        }
        return difference.map(d -> "MISMATCH: " + firstLine(d)).orElse("ok");
    }

    private Optional<String> difference(EngineResult engine) {
        if (!engine.isOk() || !duckdb.isOk()) {
            return Optional.empty();
        }
        if (engine.rows().size() < engine.rowCount()) {
            return engine.rowCount() == duckdb.rowCount() ? Optional.empty()
                    : Optional.of("expected " + duckdb.rowCount() + " rows but got " + engine.rowCount());
        }
        return RowComparison.difference(duckdb.rows(), engine.rows(), TpchQueries.isOrdered(query));
    }

    private static double ratio(EngineResult numerator, EngineResult denominator) {
        if (!numerator.isOk() || !denominator.isOk()) {
            return Double.NaN;
        }
        return numerator.medianMillis() / Math.max(denominator.medianMillis(), 1e-3);
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
