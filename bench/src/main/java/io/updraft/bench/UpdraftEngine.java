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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Updraft side of the benchmark: a {@code local[N]} session (no progress lines), a temporary view per
 * table folder ({@code session.read().parquet(folder)}), each query timed as
 * {@code session.sql(text).collectAsList()}; queries with a Dataset API version ({@link TpchQueries#dataset})
 * are timed that way too. A query Updraft rejects (a USER error: an unsupported feature, a syntax it does not
 * parse yet) is UNSUPPORTED, any other failure ERROR; either way the run goes on.
 *
 * <p>A run still going after {@code timeout} is abandoned (TIMEOUT; the Dataset version of that query is
 * skipped). The run's thread is interrupted, which cancels Updraft's job: its running tasks stop within a batch and
 * release their memory before {@code collectAsList} returns. The session is then closed anyway — closing checks
 * that no Arrow memory leaked and reports it as a problem; it waits at most {@value #CLOSE_WAIT_SECONDS} s — and a
 * fresh session runs the remaining queries. Not thread-safe.
 */
final class UpdraftEngine {
    /** How long a session abandoned after a timeout may take to stop before the benchmark goes on. */
    static final int CLOSE_WAIT_SECONDS = 90;

    private UpdraftEngine() {
    }

    /** The SQL results and the Dataset API results (for the queries that have one) by query number. */
    record Results(Map<Integer, EngineResult> sql, Map<Integer, EngineResult> dataset, List<String> problems) {
    }

    /** Receives each result as it is measured. */
    @FunctionalInterface
    interface ProgressListener {
        /** {@code api} is "sql" or "dataset". */
        void finished(int query, String api, EngineResult result);
    }

    /**
     * @param timeout longest wait for one run ({@link Duration#ZERO}: no limit)
     * @param withDataset whether the Dataset API versions run too
     */
    static Results run(Path data, int threads, Map<String, String> conf, List<Integer> queries, int warmup, int runs,
                       Duration timeout, boolean withDataset, ProgressListener progress) {
        Map<Integer, EngineResult> sql = new LinkedHashMap<>();
        Map<Integer, EngineResult> dataset = new LinkedHashMap<>();
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        UpdraftSession session = open(data, threads, conf);
        try {
            for (int query : queries) {
                String text = TpchQueries.sqlWithoutComments(query);
                UpdraftSession current = session;
                EngineResult result = TimedRuns.measure(warmup, runs, timeout,
                        () -> current.sql(text).collectAsList(), UpdraftEngine::classify);
                sql.put(query, result);
                progress.finished(query, "sql", result);
                if (withDataset && TpchQueries.DATASET_QUERIES.contains(query)) {
                    EngineResult viaDataset = result.outcome() == EngineResult.Outcome.TIMEOUT
                            ? EngineResult.failed(EngineResult.Outcome.TIMEOUT, "skipped: the SQL version timed out")
                            : TimedRuns.measure(warmup, runs, timeout, () -> datasetRows(current, query),
                            UpdraftEngine::classify);
                    dataset.put(query, viaDataset);
                    progress.finished(query, "dataset", viaDataset);
                }
                if (result.outcome() == EngineResult.Outcome.TIMEOUT) {
                    closeAbandoned(session, problems);
                    session = open(data, threads, conf);
                }
            }
        } finally {
            close(session, problems);
        }
        return new Results(sql, dataset, List.copyOf(problems));
    }

    private static UpdraftSession open(Path data, int threads, Map<String, String> conf) {
        UpdraftSession.Builder builder = UpdraftSession.builder().appName("updraft bench")
                .master("local[" + threads + "]").config(RuntimeConfig.SHOW_PROGRESS, false);
        conf.forEach(builder::config);
        UpdraftSession session = builder.create();
        for (Map.Entry<String, Path> table : tables(data).entrySet()) {
            session.read().parquet(table.getValue().toString()).createOrReplaceTempView(table.getKey());
        }
        return session;
    }

    private static void close(UpdraftSession session, List<String> problems) {
        try {
            session.close();
        } catch (RuntimeException e) {
            // A failed query may leave Arrow buffers behind, which close() reports; the timings stand.
            problems.add("Updraft's session did not close cleanly: " + TimedRuns.firstLine(e));
        }
    }

    /** Stops a session whose job was abandoned, waiting at most CLOSE_WAIT_SECONDS. */
    private static void closeAbandoned(UpdraftSession session, List<String> problems) {
        Thread closer = new Thread(() -> close(session, problems), "bench-close-abandoned-session");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(Duration.ofSeconds(CLOSE_WAIT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (closer.isAlive()) {
            problems.add("a session abandoned after a timeout was still stopping after " + CLOSE_WAIT_SECONDS
                    + " s; later Updraft times may be slowed by it");
        }
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
