package io.updraft.bench;

import io.updraft.coordinator.job.JobResult;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@value RuntimeConfig#EXCHANGE_REUSE}: the TPC-H SQL texts that compute a subplan twice (Q15's revenue view, Q11's
 * supplier and nation broadcasts, Q2's region broadcast) run it once, read by both consumers, and still give
 * DuckDB's rows at SF 0.01; with the setting off they run it twice, give the same rows, and read more input.
 */
class TpchExchangeReuseTest {
    private static UpdraftSession session;
    private static DuckDbOracle duck;
    private static final List<JobResult> jobs = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        Path data = TpchTestData.sf001();
        duck = DuckDbOracle.overTables(data);
        session = UpdraftSession.builder().appName("tpch-reuse").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).create();
        session.addJobListener(jobs::add);
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

    private static JobResult run(int query, boolean reuse) {
        session.conf().set(RuntimeConfig.EXCHANGE_REUSE, reuse);
        try {
            jobs.clear();
            List<Row> rows = session.sql(TpchQueries.sqlWithoutComments(query)).collectAsList();
            assertThat(jobs).hasSize(1);
            JobResult job = jobs.get(0);
            assertThat(job.rows()).hasSameSizeAs(rows);
            Optional<String> difference = RowComparison.difference(duck.query(TpchQueries.sqlWithoutComments(query)),
                    rows, TpchQueries.isOrdered(query));
            if (difference.isPresent()) {
                fail("Q" + query + " (reuse " + reuse + ") differs from DuckDB: " + difference.get());
            }
            return job;
        } finally {
            session.conf().unset(RuntimeConfig.EXCHANGE_REUSE);
        }
    }

    private static long scans(JobResult job, String table) {
        return job.stages().stream().filter(s -> s.description().startsWith("scan " + table + " ")).count();
    }

    @ParameterizedTest(name = "Q{0}")
    @ValueSource(ints = {2, 11, 15})
    void runsTheRepeatedSubplanOnceWithDuckDbsRows(int query) {
        JobResult reused = run(query, true);
        JobResult separate = run(query, false);
        assertThat(reused.rows()).containsExactlyElementsOf(separate.rows());
        assertThat(reused.summary().stages()).isLessThan(separate.summary().stages());
        assertThat(reused.summary().inputBytesRead()).isLessThan(separate.summary().inputBytesRead());
        String table = switch (query) {
            case 2 -> "region";
            case 11 -> "nation";
            default -> "lineitem";
        };
        assertThat(scans(reused, table)).isEqualTo(1);
        assertThat(scans(separate, table)).isEqualTo(2);
        System.out.printf("Q%d reuse on:  %d stages, %d tasks, input %d B, shuffle %d B written / %d B read%n",
                query, reused.summary().stages(), reused.summary().tasks(), reused.summary().inputBytesRead(),
                reused.summary().shuffleBytesWritten(), reused.summary().shuffleBytesRead());
        System.out.printf("Q%d reuse off: %d stages, %d tasks, input %d B, shuffle %d B written / %d B read%n",
                query, separate.summary().stages(), separate.summary().tasks(), separate.summary().inputBytesRead(),
                separate.summary().shuffleBytesWritten(), separate.summary().shuffleBytesRead());
        reused.stages().stream().map(StageMetrics::description).forEach(d -> System.out.println("  " + d));
    }
}
