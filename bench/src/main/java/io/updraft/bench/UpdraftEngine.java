package io.updraft.bench;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Updraft side of the benchmark: one {@code local[N]} session for all queries (no progress lines), a
 * temporary view per table folder ({@code session.read().parquet(folder)}), each query timed as
 * {@code session.sql(text).collectAsList()}; queries with a Dataset API version ({@link TpchQueries#dataset})
 * are timed that way too. A query Updraft rejects (a USER error: an unsupported feature, a syntax it does not
 * parse yet) is UNSUPPORTED, any other failure ERROR; either way the run goes on. Not thread-safe.
 */
final class UpdraftEngine {
    private UpdraftEngine() {
    }

    /** The SQL results and the Dataset API results (for the queries that have one) by query number. */
    record Results(Map<Integer, EngineResult> sql, Map<Integer, EngineResult> dataset, String closeProblem) {
    }

    /**
     * @param progress called after each query with its number, "sql" or "dataset", and its result
     */
    static Results run(Path data, int threads, List<Integer> queries, int warmup, int runs,
                       ProgressListener progress) {
        Map<Integer, EngineResult> sql = new LinkedHashMap<>();
        Map<Integer, EngineResult> dataset = new LinkedHashMap<>();
        UpdraftSession session = UpdraftSession.builder().appName("updraft bench").master("local[" + threads + "]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).create();
        String closeProblem = null;
        try {
            for (Map.Entry<String, Path> table : tables(data).entrySet()) {
                session.read().parquet(table.getValue().toString()).createOrReplaceTempView(table.getKey());
            }
            for (int query : queries) {
                String text = TpchQueries.sqlWithoutComments(query);
                EngineResult result = TimedRuns.measure(warmup, runs, () -> session.sql(text).collectAsList(),
                        UpdraftEngine::classify);
                sql.put(query, result);
                progress.finished(query, "sql", result);
                if (TpchQueries.DATASET_QUERIES.contains(query)) {
                    EngineResult viaDataset = TimedRuns.measure(warmup, runs, () -> datasetRows(session, query),
                            UpdraftEngine::classify);
                    dataset.put(query, viaDataset);
                    progress.finished(query, "dataset", viaDataset);
                }
            }
        } finally {
            try {
                session.close();
            } catch (RuntimeException e) {
                // A failed query may leave Arrow buffers behind, which close() reports; the timings stand.
                closeProblem = TimedRuns.firstLine(e);
            }
        }
        return new Results(sql, dataset, closeProblem);
    }

    /** Receives each result as it is measured. */
    @FunctionalInterface
    interface ProgressListener {
        void finished(int query, String api, EngineResult result);
    }

    private static List<Row> datasetRows(UpdraftSession session, int query) {
        Optional<Dataset<Row>> plan = TpchQueries.dataset(query, session::table);
        return plan.orElseThrow(() -> new IllegalStateException("no Dataset version of Q" + query)).collectAsList();
    }

    /** USER errors anywhere in the cause chain are UNSUPPORTED (Updraft cannot do this yet); the rest ERROR. */
    static EngineResult.Outcome classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UpdraftException u && u.type() == ErrorType.USER) {
                return EngineResult.Outcome.UNSUPPORTED;
            }
        }
        return EngineResult.Outcome.ERROR;
    }

    /** Every subfolder of {@code data} not starting with '_' or '.', by name. */
    static Map<String, Path> tables(Path data) {
        Map<String, Path> tables = new LinkedHashMap<>();
        try (Stream<Path> entries = Files.list(data)) {
            for (Path folder : entries.filter(Files::isDirectory).sorted().toList()) {
                String name = folder.getFileName().toString();
                if (!name.startsWith("_") && !name.startsWith(".")) {
                    tables.put(name, folder);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the tables in " + data, e);
        }
        return tables;
    }
}
