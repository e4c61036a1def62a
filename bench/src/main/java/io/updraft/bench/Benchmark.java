package io.updraft.bench;

import io.updraft.sql.UpdraftSession;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The side-by-side benchmark behind {@code updraft bench}: TPC-H queries through Updraft local, DuckDB and
 * Spark on the same Parquet files, in one run.
 *
 * <p>Order: the data is generated if missing; bench-spark is built if needed (before any timing, so a build
 * problem shows at once); then DuckDB runs every query, then Updraft, then Spark in a child JVM — one engine
 * at a time, so they never compete for the cores. Per engine and query: {@code warmup} untimed runs, then
 * {@code runs} timed ones; the median is reported. Updraft's rows (SQL and Dataset API) and Spark's are
 * compared with DuckDB's ({@link RowComparison}); a query an engine cannot run is reported, never fatal.
 * Not thread-safe.
 */
public final class Benchmark {
    private Benchmark() {
    }

    /** Runs the benchmark, printing progress and the table to {@code out}, and writes the CSV and JSON files. */
    public static BenchmarkReport run(BenchmarkOptions options, PrintStream out) {
        TpchData.Result data = prepareData(options, out);
        List<String> notes = new ArrayList<>();
        SparkRunner spark = options.spark() ? new SparkRunner(options.home(), options.sparkJavaOptions()) : null;
        boolean sparkReady = false;
        if (spark != null) {
            try {
                spark.ensureBuilt(out, options.sparkBuildLog());
                writeQueries(options);
                sparkReady = true;
            } catch (SparkRunner.SparkUnavailableException e) {
                notes.add("Spark did not run: " + e.getMessage());
                out.println("Spark will not run: " + e.getMessage());
            }
        }
        out.printf(Locale.ROOT, "TPC-H SF %s from %s: %s; %d warm-up + %d timed run%s per query and engine, "
                        + "%d threads each%s%n", Demo.scaleText(options.scale()), data.dir(), queryList(options.queries()),
                options.warmup(), options.runs(), options.runs() == 1 ? "" : "s", options.threads(),
                options.timeoutSeconds() == 0 ? "" : ", runs abandoned after " + options.timeoutSeconds() + " s");
        out.flush();

        DuckDbEngine.Results duck = DuckDbEngine.run(data.dir(), options.threads(), options.queries(), options.warmup(),
                options.runs(), (query, result) -> progress(out, "DuckDB", query, result));
        UpdraftEngine.Results updraft = UpdraftEngine.run(data.dir(), options.threads(), options.updraftConf(),
                options.queries(),
                options.warmup(), options.runs(), options.timeout(), options.dataset(),
                (query, api, result) -> progress(out, api.equals("sql") ? "Updraft" : "Updraft DS", query, result));
        notes.addAll(updraft.problems());
        List<String> engines = new ArrayList<>();
        engines.add("Updraft " + UpdraftSession.VERSION + " local[" + options.threads() + "] (this JVM, JDK "
                + Runtime.version().feature() + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB"
                + (options.updraftConf().isEmpty() ? "" : ", conf " + options.updraftConf()) + ")");
        engines.add("DuckDB " + duck.version() + " (JDBC in this JVM), threads = " + options.threads());

        Map<Integer, EngineResult> sparkResults = null;
        if (sparkReady) {
            out.println("Spark: starting a child JVM (log: " + options.sparkLog() + ") ...");
            out.flush();
            SparkRunner.Results results = spark.run(data.dir(), options.sqlDir(), options.queries(), options.threads(),
                    options.warmup(), options.runs(), options.timeoutSeconds(), options.sparkLog(),
                    event -> sparkProgress(out, event));
            sparkResults = results.byQuery();
            SparkOutput.Started started = results.started();
            engines.add(started == null ? "Spark (did not start; see " + options.sparkLog() + ")"
                    : "Spark " + started.sparkVersion() + " " + started.master() + " (child JVM, " + SparkRunner.HEAP
                    + "), spark.sql.shuffle.partitions = " + started.shufflePartitions());
        } else if (options.spark()) {
            sparkResults = new LinkedHashMap<>();
            for (int query : options.queries()) {
                sparkResults.put(query, EngineResult.failed(EngineResult.Outcome.ERROR, "Spark did not run"));
            }
        }

        List<QueryComparison> comparisons = new ArrayList<>();
        for (int query : options.queries()) {
            comparisons.add(new QueryComparison(query, updraft.sql().get(query), updraft.dataset().get(query),
                    duck.byQuery().get(query), sparkResults == null ? null : sparkResults.get(query)));
        }
        BenchmarkReport report = new BenchmarkReport(options, engines, comparisons, notes);
        out.println();
        engines.forEach(engine -> out.println("  " + engine));
        out.printf(Locale.ROOT, "Median of %d run%s in milliseconds; a ratio above 1 means Updraft took longer. "
                + "Status: Updraft's rows against DuckDB's.%n", options.runs(), options.runs() == 1 ? "" : "s");
        report.print(out);
        report.write();
        out.println("Results: " + options.jsonFile() + " and " + options.csvFile());
        out.flush();
        return report;
    }

    static TpchData.Result prepareData(BenchmarkOptions options, PrintStream out) {
        if (!TpchData.isComplete(options.dataDir())) {
            out.println("Generating TPC-H SF " + Demo.scaleText(options.scale()) + " into " + options.dataDir()
                    + " (once; later runs reuse it) ...");
            out.flush();
        }
        TpchData.Result data = TpchData.generate(options.scale(), options.dataDir());
        if (!data.reused()) {
            out.printf(Locale.ROOT, "Generated TPC-H SF %s (%,d lineitem rows) in %.1f s%n",
                    Demo.scaleText(options.scale()), data.rowCounts().getOrDefault("lineitem", -1L),
                    data.elapsed().toNanos() / 1e9);
        }
        return data;
    }

    /** The chosen queries as files {@code <sqlDir>/q<N>.sql}, the text the Spark runner reads. */
    private static void writeQueries(BenchmarkOptions options) {
        try {
            Files.createDirectories(options.sqlDir());
            for (int query : options.queries()) {
                Files.writeString(options.sqlDir().resolve("q" + query + ".sql"), TpchQueries.sql(query),
                        StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the queries into " + options.sqlDir(), e);
        }
    }

    private static void progress(PrintStream out, String engine, int query, EngineResult result) {
        if (result.isOk()) {
            out.printf(Locale.ROOT, "  %-10s Q%-2d %10.1f ms  (%d row%s; runs %s)%n", engine, query,
                    result.medianMillis(), result.rowCount(), result.rowCount() == 1 ? "" : "s", runs(result.millis()));
        } else {
            out.printf(Locale.ROOT, "  %-10s Q%-2d %s%n", engine, query, result.describe());
        }
        out.flush();
    }

    private static void sparkProgress(PrintStream out, SparkOutput.Event event) {
        switch (event) {
            case SparkOutput.Started started -> out.printf(Locale.ROOT, "  Spark %s %s started in %.1f s%n",
                    started.sparkVersion(), started.master(), started.startMillis() / 1e3);
            case SparkOutput.QueryDone done -> progress(out, "Spark", SparkRunner.queryNumber(done.query()),
                    done.result());
            case SparkOutput.Finished finished -> {
            }
        }
        out.flush();
    }

    private static String runs(List<Double> millis) {
        return String.join(", ", millis.stream().map(m -> String.format(Locale.ROOT, "%.1f", m)).toList());
    }

    private static String queryList(List<Integer> queries) {
        if (queries.equals(BenchmarkOptions.allQueries())) {
            return "all 22 queries";
        }
        return "queries " + String.join(", ", queries.stream().map(q -> "Q" + q).toList());
    }
}
