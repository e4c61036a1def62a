package io.updraft.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The DuckDB side of the benchmark: an in-memory DuckDB (JDBC, in this JVM) limited to {@code threads}
 * threads ({@code SET threads = N}), one view per table folder over the same Parquet files
 * ({@code read_parquet('<folder>/*.parquet')}, see {@link DuckDbOracle}), each query timed as
 * {@code executeQuery} plus reading every row. Its rows are the reference the other engines are checked
 * against. No timeout: DuckDB answers every TPC-H query at SF 1 in about a second. Not thread-safe.
 */
final class DuckDbEngine {
    private DuckDbEngine() {
    }

    /** The results by query number, in the order given, and the DuckDB version. */
    record Results(String version, Map<Integer, EngineResult> byQuery) {
    }

    static Results run(Path data, int threads, List<Integer> queries, int warmup, int runs,
                       BiConsumer<Integer, EngineResult> progress) {
        Map<Integer, EngineResult> results = new LinkedHashMap<>();
        try (DuckDbOracle duck = DuckDbOracle.overTables(data)) {
            duck.execute("SET threads = " + threads);
            String version = String.valueOf(duck.query("select version()").get(0).get(0));
            for (int query : queries) {
                String sql = TpchQueries.sqlWithoutComments(query);
                EngineResult result = TimedRuns.measure(warmup, runs, Duration.ZERO, () -> duck.query(sql),
                        failure -> EngineResult.Outcome.ERROR);
                results.put(query, result);
                progress.accept(query, result);
            }
            return new Results(version, results);
        }
    }
}
