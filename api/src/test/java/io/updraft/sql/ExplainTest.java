package io.updraft.sql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.updraft.sql.EndToEndTest.captureStdout;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code Dataset.explain} in every Spark mode, and {@code queryExecution()}. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExplainTest {
    @TempDir
    static Path dir;

    private TestTables t;
    private Dataset<Row> emp;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        emp = t.table("emp");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    @Test
    void formattedModePrintsSparksLayout() {
        Dataset<Row> query = emp.filter(col("id").gt(90)).select(col("name"), col("salary"));
        String location = dir.resolve("emp").toString();
        assertThat(captureStdout(() -> query.explain("formatted"))).isEqualTo("""
                == Physical Plan ==
                * Project (3)
                +- * Filter (2)
                   +- Scan parquet emp (1)


                (1) Scan parquet emp
                Output [3]: [id#0, name#1, salary#3]
                Batched: true
                Location: InMemoryFileIndex [LOCATION]
                PushedFilters: [GreaterThan(id,90)]
                ReadSchema: struct<id:int,name:string,salary:decimal(10,2)>

                (2) Filter [codegen id : 1]
                Input [3]: [id#0, name#1, salary#3]
                Condition : (id#0 > 90)

                (3) Project [codegen id : 1]
                Output [2]: [name#1, salary#3]
                Input [3]: [id#0, name#1, salary#3]

                """.replace("LOCATION", location));
    }

    @Test
    void everyModeMatchesQueryExecutionAndUnknownModesFailAsSpark() {
        Dataset<Row> query = emp.groupBy("dept").agg(sum("salary").as("total"));
        QueryExecution qe = query.queryExecution();
        for (String mode : List.of("simple", "extended", "codegen", "cost", "formatted")) {
            assertThat(captureStdout(() -> query.explain(mode))).as(mode).isEqualTo(qe.explainString(mode) + "\n");
        }
        assertThat(captureStdout(query::explain)).isEqualTo(qe.explainString("simple") + "\n");
        assertThat(captureStdout(() -> query.explain(true))).isEqualTo(qe.explainString("extended") + "\n");
        assertThat(captureStdout(() -> query.explain(false))).startsWith("== Physical Plan ==\n");
        assertThat(qe.explainString("extended")).contains("== Parsed Logical Plan ==", "== Analyzed Logical Plan ==",
                "== Optimized Logical Plan ==", "== Physical Plan ==");
        assertThat(qe.toString()).isEqualTo(qe.explainString("extended"));
        assertThatThrownBy(() -> query.explain("verbose")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown explain mode: verbose. Accepted explain modes are 'simple', 'extended', "
                        + "'codegen', 'cost', 'formatted'.");
    }

    @Test
    void queryExecutionComparesADatasetWithItsSql() {
        emp.createOrReplaceTempView("emp");
        QueryExecution api = emp.filter(col("salary").gt(1500)).groupBy("dept").agg(sum("salary").as("total"))
                .select("total", "dept").queryExecution();
        QueryExecution sql = t.spark.sql("SELECT sum(salary) AS total, dept FROM emp WHERE salary > 1500 GROUP BY dept")
                .queryExecution();
        assertThat(api.canonicalOptimizedPlanString()).isEqualTo(sql.canonicalOptimizedPlanString());
        assertThat(api.sameResult(sql)).isTrue();
        QueryExecution other = t.spark.sql("SELECT sum(salary) AS total, dept FROM emp WHERE salary > 1000 GROUP BY dept")
                .queryExecution();
        assertThat(api.sameResult(other)).isFalse();
        assertThat(api.optimizedPlan().output()).extracting(a -> a.name()).containsExactly("total", "dept");
        assertThat(api.analyzed().schema()).isEqualTo(api.optimizedPlan().schema());
        assertThat(api.executedPlan().output()).hasSize(2);
    }
}
