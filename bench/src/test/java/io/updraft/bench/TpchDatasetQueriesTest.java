package io.updraft.bench;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The 22 TPC-H queries written with the Dataset API ({@link TpchQueries#dataset}) at SF 0.01, each compared with
 * DuckDB's answer to the SQL text over the same Parquet files: exact decimals, row order where the query has an
 * ORDER BY. One test per query; a query that cannot run says in which layer it stopped (the analysis of the
 * Dataset plan, a scalar function the engine lacks, another failure while running) and why.
 */
class TpchDatasetQueriesTest {
    private static UpdraftSession session;
    private static DuckDbOracle duck;

    @BeforeAll
    static void start() {
        Path data = TpchTestData.sf001();
        duck = DuckDbOracle.overTables(data);
        session = UpdraftSession.builder().appName("tpch-dataset").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).create();
        for (Map.Entry<String, Path> table : UpdraftEngine.tables(data).entrySet()) {
            session.read().parquet(table.getValue().toString()).createOrReplaceTempView(table.getKey());
        }
    }

    @AfterAll
    static void stop() {
        try {
            if (session != null) {
                session.stop();
            }
        } finally {
            if (duck != null) {
                duck.close();
            }
        }
    }

    static List<Integer> queries() {
        return IntStream.rangeClosed(1, TpchQueries.QUERY_COUNT).boxed().toList();
    }

    /** The Dataset version names its columns as the SQL text does (both analyzed by Updraft's planner). */
    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void hasTheColumnsOfTheSqlText(int query) {
        Dataset<Row> dataset = build(query);
        assertThat(dataset.columns()).as("Q%d columns", query)
                .containsExactly(session.sql(TpchQueries.sqlWithoutComments(query)).columns());
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void matchesDuckDbOnTheSqlText(int query) {
        Dataset<Row> dataset = build(query);
        List<Row> rows;
        try {
            rows = dataset.collectAsList();
        } catch (UpdraftException e) {
            String layer = String.valueOf(e.getMessage()).contains("Undefined function")
                    ? "the engine lacks a scalar function the planner passed on"
                    : "running the plan failed (planner, coordinator or engine)";
            throw new AssertionError("Q" + query + ": " + layer + ": " + e.getMessage(), e);
        }
        List<Row> expected = duck.query(TpchQueries.sqlWithoutComments(query));
        assertThat(expected).as("DuckDB's answer to Q%d", query).isNotEmpty();
        Optional<String> difference = RowComparison.difference(expected, rows, TpchQueries.isOrdered(query));
        if (difference.isPresent()) {
            fail("Q" + query + " differs from DuckDB: " + difference.get());
        }
    }

    private static Dataset<Row> build(int query) {
        try {
            return TpchQueries.dataset(query, session::table).orElseThrow(
                    () -> new AssertionError("Q" + query + " has no Dataset version"));
        } catch (AnalysisException e) {
            throw new AssertionError("Q" + query + ": the Dataset plan does not analyze: " + e.getMessage(), e);
        }
    }
}
