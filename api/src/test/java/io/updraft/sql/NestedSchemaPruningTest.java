package io.updraft.sql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Nested schema pruning end to end (local[2], real shuffles) over a DuckDB-written file with a wide struct: queries
 * that read struct fields in selects, filters, aggregates and joins give DuckDB's rows, the same rows with
 * {@value RuntimeConfig#NESTED_SCHEMA_PRUNING} off, and explain shows the pruned read schema only when it is on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NestedSchemaPruningTest {
    private static final String DATA = """
            SELECT range::INTEGER AS id,
                   CASE WHEN range % 7 = 0 THEN NULL
                        ELSE {'a': CASE WHEN range % 3 = 0 THEN NULL ELSE (range % 50)::INTEGER END,
                              'b': 'x' || range,
                              'w': repeat(md5(range::VARCHAR), 4),
                              'sub': {'c': range::BIGINT * 10, 'wide': repeat(md5((range + 1)::VARCHAR), 4)}} END AS s
            FROM range(3000)
            """;
    /** The same questions for DuckDB and for us (Spark's SQL and DuckDB's agree on these texts). */
    private static final List<String> QUERIES = List.of(
            "SELECT id, s.a, s.sub.c FROM t WHERE s.b LIKE 'x1%' ORDER BY id",
            "SELECT s.a AS k, count(*) AS n, sum(s.sub.c) AS total FROM t GROUP BY s.a ORDER BY k NULLS FIRST",
            "SELECT x.id, y.s.b FROM t x JOIN t y ON x.s.a = y.id WHERE x.id < 200 ORDER BY x.id",
            "SELECT id, s.b FROM t WHERE s IS NOT NULL AND s.a IS NULL ORDER BY id LIMIT 20");

    @TempDir
    static Path dir;
    private UpdraftSession spark;
    private DuckDbOracle duck;

    @BeforeAll
    void start() throws Exception {
        duck = new DuckDbOracle();
        Path file = dir.resolve("nested.parquet");
        duck.writeParquet(DATA, file, 1024);
        duck.execute("CREATE VIEW t AS SELECT * FROM '" + file + "'");
        spark = UpdraftSession.builder().master("local[2]").config("spark.ui.showConsoleProgress", "false").create();
        spark.read().parquet(file.toString()).createOrReplaceTempView("t");
    }

    @AfterAll
    void stop() throws Exception {
        spark.close();
        duck.close();
    }

    private List<List<Object>> ours(String sql) {
        return DuckDbOracle.rows(spark.sql(sql).collectAsList());
    }

    @Test
    void rowsEqualDuckDbsAndTheUnprunedReadsRows() throws Exception {
        for (String sql : QUERIES) {
            List<List<Object>> expected = duck.query(sql);
            assertThat(expected).as(sql).isNotEmpty();
            List<List<Object>> pruned = ours(sql);
            DuckDbOracle.assertSameRows(pruned, expected);
            spark.conf().set(RuntimeConfig.NESTED_SCHEMA_PRUNING, "false");
            try {
                assertThat(ours(sql)).as(sql).isEqualTo(pruned);
            } finally {
                spark.conf().unset(RuntimeConfig.NESTED_SCHEMA_PRUNING);
            }
        }
    }

    @Test
    void theDatasetApiPrunesAndExplainShowsTheReadSchema() throws Exception {
        Dataset<Row> fields = spark.table("t").filter(col("s.sub.c").gt(lit(20000)))
                .select(col("id"), col("s").getField("b"), col("s.a")).orderBy("id");
        DuckDbOracle.assertSameRows(DuckDbOracle.rows(fields.collectAsList()),
                duck.query("SELECT id, s.b, s.a FROM t WHERE s.sub.c > 20000 ORDER BY id"));
        assertThat(fields.queryExecution().explainString("formatted"))
                .contains("ReadSchema: struct<id:int,s:struct<a:int,b:string,sub:struct<c:bigint>>>");
        spark.conf().set(RuntimeConfig.NESTED_SCHEMA_PRUNING, "false");
        try {
            assertThat(fields.queryExecution().explainString("formatted")).contains("ReadSchema: struct<id:int,"
                    + "s:struct<a:int,b:string,w:string,sub:struct<c:bigint,wide:string>>>");
        } finally {
            spark.conf().unset(RuntimeConfig.NESTED_SCHEMA_PRUNING);
        }
        // a whole struct in the result keeps the whole column
        assertThat(spark.sql("SELECT s, s.a FROM t").queryExecution().explainString("simple"))
                .contains("ReadSchema: struct<s:struct<a:int,b:string,w:string,sub:struct<c:bigint,wide:string>>>");
    }

    @Test
    void theSettingIsSparksBoolean() {
        assertThat(spark.conf().get(RuntimeConfig.NESTED_SCHEMA_PRUNING)).isEqualTo("true");
        assertThatThrownBy(() -> spark.conf().set(RuntimeConfig.NESTED_SCHEMA_PRUNING, "maybe"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("[INVALID_CONF_VALUE.TYPE_MISMATCH] The value 'maybe' in the config "
                        + "\"spark.sql.optimizer.nestedSchemaPruning.enabled\" is invalid. It should be a/an 'boolean' "
                        + "value. SQLSTATE: 22022");
        spark.conf().set(RuntimeConfig.NESTED_SCHEMA_PRUNING, " FALSE ");
        try {
            assertThat(spark.sql("SELECT s.a FROM t").queryExecution().explainString("simple"))
                    .contains("ReadSchema: struct<s:struct<a:int,b:string,w:string,");
        } finally {
            spark.conf().unset(RuntimeConfig.NESTED_SCHEMA_PRUNING);
        }
    }
}
