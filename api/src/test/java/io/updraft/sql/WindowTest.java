package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.sql.expressions.Window;
import io.updraft.sql.expressions.WindowSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.updraft.sql.TestTables.assertColumns;
import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.dense_rank;
import static io.updraft.sql.functions.first;
import static io.updraft.sql.functions.lag;
import static io.updraft.sql.functions.last;
import static io.updraft.sql.functions.lead;
import static io.updraft.sql.functions.max;
import static io.updraft.sql.functions.min;
import static io.updraft.sql.functions.ntile;
import static io.updraft.sql.functions.percent_rank;
import static io.updraft.sql.functions.rank;
import static io.updraft.sql.functions.row_number;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Window functions and frames ({@link Window}, {@link WindowSpec}, {@link Column#over}) against DuckDB. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowTest {
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
    void rankingFunctionsOverPartitionsWithNullKeys() throws Exception {
        WindowSpec bySalary = Window.partitionBy("dept").orderBy(col("salary").desc(), col("id"));
        WindowSpec byTies = Window.partitionBy(col("dept")).orderBy(col("salary").desc());
        Dataset<Row> ranked = emp.select(col("id"), col("dept"), col("salary"),
                row_number().over(bySalary).as("rn"), rank().over(byTies).as("rk"),
                dense_rank().over(byTies).as("drk"), percent_rank().over(byTies).as("pr"),
                ntile(3).over(bySalary).as("tile"));
        assertColumns(ranked, "id", "dept", "salary", "rn", "rk", "drk", "pr", "tile");
        t.assertSameAnyOrder(ranked, """
                SELECT id, dept, salary,
                       row_number() OVER (PARTITION BY dept ORDER BY salary DESC, id),
                       rank() OVER (PARTITION BY dept ORDER BY salary DESC),
                       dense_rank() OVER (PARTITION BY dept ORDER BY salary DESC),
                       percent_rank() OVER (PARTITION BY dept ORDER BY salary DESC),
                       ntile(3) OVER (PARTITION BY dept ORDER BY salary DESC, id)
                FROM emp""");
    }

    @Test
    void lagAndLeadWithAndWithoutDefaults() throws Exception {
        WindowSpec w = Window.partitionBy("dept").orderBy("id");
        Dataset<Row> shifted = emp.select(col("id"), lag("salary", 1).over(w).as("prev"),
                lead(col("bonus"), 2).over(w).as("next2"), lag(col("name"), 1, "none").over(w).as("prev_name"),
                lead("id", 1, -1).over(w).as("next_id"));
        t.assertSameAnyOrder(shifted, """
                SELECT id, lag(salary, 1) OVER w, lead(bonus, 2) OVER w, lag(name, 1, 'none') OVER w,
                       lead(id, 1, -1) OVER w
                FROM emp WINDOW w AS (PARTITION BY dept ORDER BY id)""");
    }

    @Test
    void aggregatesOverRowFrames() throws Exception {
        WindowSpec running = Window.partitionBy("dept").orderBy("id")
                .rowsBetween(Window.unboundedPreceding(), Window.currentRow());
        WindowSpec sliding = Window.partitionBy("dept").orderBy("id").rowsBetween(-2, 1);
        WindowSpec whole = Window.partitionBy("dept").orderBy("id")
                .rowsBetween(Window.unboundedPreceding(), Window.unboundedFollowing());
        Dataset<Row> framed = emp.select(col("id"), sum("salary").over(running).as("running"),
                avg("salary").over(sliding).as("sliding_avg"), min("bonus").over(sliding).as("sliding_min"),
                count("bonus").over(sliding).as("sliding_n"), max("hired").over(whole).as("last_hire"),
                first("name").over(whole).as("first_name"), last("name").over(whole).as("last_name"));
        t.assertSameAnyOrder(framed, """
                SELECT id,
                       sum(salary) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
                       avg(salary) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING),
                       min(bonus) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING),
                       count(bonus) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING),
                       max(hired) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING
                           AND UNBOUNDED FOLLOWING),
                       first(name) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING
                           AND UNBOUNDED FOLLOWING),
                       last(name) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING
                           AND UNBOUNDED FOLLOWING)
                FROM emp""");
    }

    @Test
    void rangeFramesAndTheDefaultFrameIncludePeers() throws Exception {
        WindowSpec range = Window.partitionBy("dept").orderBy("salary").rangeBetween(-250, 0);
        WindowSpec byDefault = Window.partitionBy("dept").orderBy("salary");
        WindowSpec unordered = Window.partitionBy("dept");
        Dataset<Row> framed = emp.select(col("id"), count("*").over(range).as("near"),
                sum("salary").over(byDefault).as("cumulative"), sum("salary").over(unordered).as("dept_total"),
                count("*").over().as("all_rows"));
        assertColumns(framed, "id", "near", "cumulative", "dept_total", "all_rows");
        t.assertSameAnyOrder(framed, """
                SELECT id,
                       count(*) OVER (PARTITION BY dept ORDER BY salary RANGE BETWEEN 250 PRECEDING AND CURRENT ROW),
                       sum(salary) OVER (PARTITION BY dept ORDER BY salary),
                       sum(salary) OVER (PARTITION BY dept),
                       count(*) OVER ()
                FROM emp""");
    }

    @Test
    void windowsOverAggregatesAndInWithColumn() throws Exception {
        Dataset<Row> share = emp.groupBy("dept").agg(sum("salary").as("total"))
                .withColumn("rank", rank().over(Window.orderBy(col("total").desc())))
                .orderBy("rank");
        assertColumns(share, "dept", "total", "rank");
        t.assertSameAnyOrder(share, "SELECT dept, sum(salary) AS total, rank() OVER (ORDER BY sum(salary) DESC) AS r "
                + "FROM emp GROUP BY dept ORDER BY r");
        Dataset<Row> top = emp.withColumn("rn", row_number().over(Window.partitionBy("dept")
                .orderBy(col("salary").desc(), col("id")))).filter(col("rn").leq(2)).select("dept", "id", "rn");
        t.assertSameAnyOrder(top, "SELECT dept, id, rn FROM (SELECT dept, id, row_number() OVER (PARTITION BY dept "
                + "ORDER BY salary DESC, id) AS rn FROM emp) WHERE rn <= 2");
    }

    @Test
    void specsAreImmutableAndCheckTheirArguments() {
        WindowSpec base = Window.partitionBy("dept");
        WindowSpec ordered = base.orderBy("id");
        assertThat(row_number().over(ordered).toString())
                .isEqualTo("row_number() OVER (PARTITION BY dept ORDER BY id ASC NULLS FIRST)");
        assertThat(sum("x").over(ordered.rowsBetween(-1, 1)).toString())
                .isEqualTo("sum(x) OVER (PARTITION BY dept ORDER BY id ASC NULLS FIRST ROWS BETWEEN -1 FOLLOWING "
                        + "AND 1 FOLLOWING)");
        assertThat(sum("x").over(base).toString()).isEqualTo("sum(x) OVER (PARTITION BY dept)");
        assertThat(Window.unboundedPreceding()).isEqualTo(Long.MIN_VALUE);
        assertThat(Window.unboundedFollowing()).isEqualTo(Long.MAX_VALUE);
        assertThat(Window.currentRow()).isZero();
        assertThatThrownBy(() -> base.rowsBetween(5_000_000_000L, 6_000_000_000L))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[INVALID_BOUNDARY.START] The boundary `start` is invalid");
        assertThatThrownBy(() -> base.rowsBetween(2, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> emp.select(row_number().over(base)))
                .isInstanceOf(AnalysisException.class);
        assertThatThrownBy(() -> emp.filter(rank().over(ordered).equalTo(1)))
                .isInstanceOf(AnalysisException.class);
        assertThatThrownBy(() -> functions.lag(col("x"), 1, null, true))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("IGNORE NULLS");
    }
}
