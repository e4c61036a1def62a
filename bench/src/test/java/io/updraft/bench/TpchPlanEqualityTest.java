package io.updraft.bench;

import io.updraft.sql.Dataset;
import io.updraft.sql.QueryExecution;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * For every TPC-H query, the SQL text ({@link TpchQueries#sql}) and the Dataset API version
 * ({@link TpchQueries#dataset}) optimize to the same plan: equal canonical optimized plans (expression ids
 * renumbered in tree order, qualifiers dropped; output names, types, nullability, operators, conditions, join order
 * and broadcast marks all compared). Planning only: nothing runs. The tables are SF 0.01 temp views, so the join
 * order and broadcast choices come from real Parquet sizes.
 */
class TpchPlanEqualityTest {
    private static UpdraftSession session;

    @BeforeAll
    static void start() {
        Path data = TpchTestData.sf001();
        session = UpdraftSession.builder().appName("tpch-plans").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).create();
        for (Map.Entry<String, Path> table : UpdraftEngine.tables(data).entrySet()) {
            session.read().parquet(table.getValue().toString()).createOrReplaceTempView(table.getKey());
        }
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.stop();
        }
    }

    static List<Integer> queries() {
        return IntStream.rangeClosed(1, TpchQueries.QUERY_COUNT).boxed().toList();
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void sqlTextAndDatasetVersionOptimizeToTheSamePlan(int query) {
        QueryExecution sql = session.sql(TpchQueries.sqlWithoutComments(query)).queryExecution();
        Dataset<Row> dataset = TpchQueries.dataset(query, session::table).orElseThrow();
        QueryExecution api = dataset.queryExecution();
        // The texts first, for a readable difference; then the records, which also compare what the text omits.
        assertThat(api.canonicalOptimizedPlanString()).as("Q%d: Dataset version (actual) vs SQL text (expected)", query)
                .isEqualTo(sql.canonicalOptimizedPlanString());
        assertThat(api.canonicalOptimizedPlan()).as("Q%d canonical plans", query).isEqualTo(sql.canonicalOptimizedPlan());
        assertThat(api.sameResult(sql)).isTrue();
    }

    /** The comparison can fail: two different queries over the same tables do not compare equal. */
    @Test
    void differentQueriesHaveDifferentPlans() {
        QueryExecution q1 = session.sql(TpchQueries.sqlWithoutComments(1)).queryExecution();
        QueryExecution q6 = session.sql(TpchQueries.sqlWithoutComments(6)).queryExecution();
        assertThat(q1.sameResult(q6)).isFalse();
        QueryExecution q6limited = session.sql(TpchQueries.sqlWithoutComments(6) + " limit 1").queryExecution();
        assertThat(q6.sameResult(q6limited)).isFalse();
        // ... and the same text parsed twice compares equal.
        assertThat(q6.sameResult(session.sql(TpchQueries.sqlWithoutComments(6)).queryExecution())).isTrue();
    }
}
