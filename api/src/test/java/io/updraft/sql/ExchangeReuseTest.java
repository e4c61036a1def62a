package io.updraft.sql;

import io.updraft.coordinator.job.JobResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@value RuntimeConfig#EXCHANGE_REUSE} end to end (local[2], real shuffles): a view read twice — its aggregation's
 * hash exchange read by two stages, a broadcast read by two joins — runs once and gives DuckDB's rows, the same
 * rows as with the setting off (which runs it twice); explain shows Spark's {@code ReusedExchange}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExchangeReuseTest {
    private static final String DATA = "SELECT range::INTEGER AS id, (range % 37)::INTEGER AS k, range * 3 AS v "
            + "FROM range(5000)";
    private static final String DIM = "SELECT range::INTEGER AS k, 'name' || range AS name FROM range(37)";
    /** The aggregation of t read twice (a hash exchange with two readers), d joined on both sides (a broadcast). */
    private static final String QUERY = """
            WITH a AS (SELECT k, sum(v) AS s, count(*) AS n FROM t GROUP BY k)
            SELECT x.k, dx.name, x.s, y.s AS next_s, dy.name AS next_name
            FROM a x JOIN a y ON y.k = x.k + 1 JOIN d dx ON dx.k = x.k JOIN d dy ON dy.k = y.k
            ORDER BY x.k""";

    @TempDir
    static Path dir;
    private UpdraftSession spark;
    private DuckDbOracle duck;
    private final List<JobResult> jobs = new CopyOnWriteArrayList<>();

    @BeforeAll
    void start() throws Exception {
        duck = new DuckDbOracle();
        Path facts = dir.resolve("t.parquet");
        Path dim = dir.resolve("d.parquet");
        duck.writeParquet(DATA, facts, 1000);
        duck.writeParquet(DIM, dim, 1000);
        duck.execute("CREATE VIEW t AS SELECT * FROM '" + facts + "'");
        duck.execute("CREATE VIEW d AS SELECT * FROM '" + dim + "'");
        spark = UpdraftSession.builder().master("local[2]").config("spark.ui.showConsoleProgress", "false").create();
        spark.addJobListener(jobs::add);
        spark.read().parquet(facts.toString()).createOrReplaceTempView("t");
        spark.read().parquet(dim.toString()).createOrReplaceTempView("d");
    }

    @AfterAll
    void stop() throws Exception {
        spark.close();
        duck.close();
    }

    private JobResult run() throws Exception {
        jobs.clear();
        List<List<Object>> rows = DuckDbOracle.rows(spark.sql(QUERY).collectAsList());
        DuckDbOracle.assertSameRows(rows, duck.query(QUERY));
        assertThat(rows).hasSize(36);
        assertThat(jobs).hasSize(1);
        return jobs.get(0);
    }

    private static long stagesReading(JobResult job, String table) {
        return job.stages().stream().filter(s -> s.description().startsWith("scan " + table + " ")).count();
    }

    @Test
    void theViewReadTwiceRunsOnceWithDuckDbsRows() throws Exception {
        JobResult reused = run();
        assertThat(stagesReading(reused, "t")).isEqualTo(1);
        assertThat(stagesReading(reused, "d")).isEqualTo(1);
        assertThat(spark.sql(QUERY).queryExecution().explainString("simple")).contains("ReusedExchange [");

        spark.conf().set(RuntimeConfig.EXCHANGE_REUSE, false);
        try {
            JobResult separate = run();
            assertThat(stagesReading(separate, "t")).isEqualTo(2);
            assertThat(stagesReading(separate, "d")).isEqualTo(2);
            assertThat(separate.rows()).containsExactlyElementsOf(reused.rows());
            assertThat(separate.summary().inputBytesRead()).isGreaterThan(reused.summary().inputBytesRead());
            assertThat(spark.sql(QUERY).queryExecution().explainString("simple")).doesNotContain("ReusedExchange");
        } finally {
            spark.conf().unset(RuntimeConfig.EXCHANGE_REUSE);
        }
    }

    @Test
    void theSettingIsSparksBoolean() {
        assertThat(spark.conf().get(RuntimeConfig.EXCHANGE_REUSE)).isEqualTo("true");
        assertThatThrownBy(() -> spark.conf().set(RuntimeConfig.EXCHANGE_REUSE, "sometimes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("[INVALID_CONF_VALUE.TYPE_MISMATCH] The value 'sometimes' in the config "
                        + "\"spark.sql.exchange.reuse\" is invalid. It should be a/an 'boolean' value. SQLSTATE: 22022");
    }
}
