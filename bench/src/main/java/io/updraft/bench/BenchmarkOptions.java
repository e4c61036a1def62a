package io.updraft.bench;

import io.updraft.core.error.UpdraftException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The settings of one {@link Benchmark} run, checked at construction. Immutable.
 *
 * @param scale            TPC-H scale factor; the data is generated into {@code dataDir} when missing
 * @param dataDir          folder of the TPC-H tables ({@link TpchData} layout)
 * @param queries          query numbers (1 to 22) in run order, no duplicates
 * @param runs             timed runs per query and engine, at least 1; the median is reported
 * @param warmup           untimed runs before them, at least 0
 * @param threads          Updraft {@code local[N]}, DuckDB {@code SET threads = N}, Spark {@code local[N]}
 * @param spark            whether Spark runs too
 * @param outBase          where the results go: {@code <outBase>.json}, {@code <outBase>.csv}, and for Spark
 *                         {@code <outBase>-spark.log} and {@code <outBase>-sql/}
 * @param home             the Updraft checkout (for {@code bench-spark} and {@code mvnw}); null only without Spark
 * @param sparkJavaOptions extra options for Spark's JVM
 * @param timeoutSeconds   longest wait for one run of a query on Updraft or Spark, 0 for no limit
 * @param updraftConf      settings of Updraft's session ({@code --conf}), e.g. a lever switched off
 * @param dataset          whether Updraft also runs the Dataset API version of each query that has one
 */
public record BenchmarkOptions(double scale, Path dataDir, List<Integer> queries, int runs, int warmup, int threads,
                               boolean spark, Path outBase, Path home, List<String> sparkJavaOptions,
                               int timeoutSeconds, Map<String, String> updraftConf, boolean dataset) {
    /** Default of {@link #timeoutSeconds}: a run of 5 minutes at SF 1 is broken, not slow. */
    public static final int DEFAULT_TIMEOUT_SECONDS = 300;

    public BenchmarkOptions {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw UpdraftException.user("the TPC-H scale factor must be a positive number, got " + scale);
        }
        Objects.requireNonNull(dataDir, "dataDir is null");
        queries = List.copyOf(queries);
        if (queries.isEmpty()) {
            throw UpdraftException.user("no query to run");
        }
        for (int query : queries) {
            if (query < 1 || query > TpchQueries.QUERY_COUNT) {
                throw UpdraftException.user("TPC-H has queries 1 to " + TpchQueries.QUERY_COUNT + ", not " + query);
            }
        }
        if (queries.stream().distinct().count() != queries.size()) {
            throw UpdraftException.user("a query is named twice in " + queries);
        }
        if (runs < 1) {
            throw UpdraftException.user("runs must be at least 1, got " + runs);
        }
        if (warmup < 0) {
            throw UpdraftException.user("warm-up runs must be 0 or more, got " + warmup);
        }
        if (threads < 1) {
            throw UpdraftException.user("threads must be at least 1, got " + threads);
        }
        Objects.requireNonNull(outBase, "outBase is null");
        if (spark && home == null) {
            throw UpdraftException.user("Spark needs the Updraft checkout (bench-spark): run through ./updraft, which "
                    + "sets -Dupdraft.home, or leave Spark out");
        }
        sparkJavaOptions = List.copyOf(sparkJavaOptions);
        updraftConf = Map.copyOf(updraftConf);
        if (timeoutSeconds < 0) {
            throw UpdraftException.user("the timeout must be 0 (none) or a number of seconds, got " + timeoutSeconds);
        }
    }

    /** With the Dataset API versions. */
    public BenchmarkOptions(double scale, Path dataDir, List<Integer> queries, int runs, int warmup, int threads,
                            boolean spark, Path outBase, Path home, List<String> sparkJavaOptions, int timeoutSeconds,
                            Map<String, String> updraftConf) {
        this(scale, dataDir, queries, runs, warmup, threads, spark, outBase, home, sparkJavaOptions, timeoutSeconds,
                updraftConf, true);
    }

    /** Without session settings. */
    public BenchmarkOptions(double scale, Path dataDir, List<Integer> queries, int runs, int warmup, int threads,
                            boolean spark, Path outBase, Path home, List<String> sparkJavaOptions, int timeoutSeconds) {
        this(scale, dataDir, queries, runs, warmup, threads, spark, outBase, home, sparkJavaOptions, timeoutSeconds,
                Map.of());
    }

    /** {@link #timeoutSeconds} as a duration; zero for no limit. */
    public Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }

    /** All 22 queries in order. */
    public static List<Integer> allQueries() {
        return IntStream.rangeClosed(1, TpchQueries.QUERY_COUNT).boxed().toList();
    }

    /**
     * Parses {@code all} or a comma-separated list of query numbers, each optionally prefixed by {@code q}
     * ({@code 1,3,6} or {@code q1,q3}).
     *
     * @throws UpdraftException (USER) naming the word that is not a query number
     */
    public static List<Integer> parseQueries(String text) {
        if (text.strip().equalsIgnoreCase("all")) {
            return allQueries();
        }
        List<Integer> queries = new ArrayList<>();
        for (String word : text.split(",")) {
            String digits = word.strip();
            if (digits.startsWith("q") || digits.startsWith("Q")) {
                digits = digits.substring(1);
            }
            int query;
            try {
                query = Integer.parseInt(digits);
            } catch (NumberFormatException e) {
                throw UpdraftException.user("queries must be 'all' or numbers 1 to " + TpchQueries.QUERY_COUNT
                        + " separated by commas, got '" + word.strip() + "'");
            }
            if (query < 1 || query > TpchQueries.QUERY_COUNT) {
                throw UpdraftException.user("TPC-H has queries 1 to " + TpchQueries.QUERY_COUNT + ", not " + query);
            }
            if (!queries.contains(query)) {
                queries.add(query);
            }
        }
        return queries;
    }

    public Path jsonFile() {
        return sibling(".json");
    }

    public Path csvFile() {
        return sibling(".csv");
    }

    public Path sparkLog() {
        return sibling("-spark.log");
    }

    public Path sparkBuildLog() {
        return sibling("-spark-build.log");
    }

    public Path sqlDir() {
        return sibling("-sql");
    }

    private Path sibling(String suffix) {
        return outBase.resolveSibling(outBase.getFileName() + suffix);
    }
}
