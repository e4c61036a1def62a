package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.TestTables.assertColumns;
import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.countDistinct;
import static io.updraft.sql.functions.count_distinct;
import static io.updraft.sql.functions.first;
import static io.updraft.sql.functions.grouping;
import static io.updraft.sql.functions.grouping_id;
import static io.updraft.sql.functions.last;
import static io.updraft.sql.functions.max;
import static io.updraft.sql.functions.min;
import static io.updraft.sql.functions.stddev;
import static io.updraft.sql.functions.stddev_pop;
import static io.updraft.sql.functions.stddev_samp;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.sum_distinct;
import static io.updraft.sql.functions.var_pop;
import static io.updraft.sql.functions.var_samp;
import static io.updraft.sql.functions.variance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Grouped aggregation: agg by map, rollup, cube, pivot, distinct and statistical aggregates, against DuckDB. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GroupingTest {
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
    void aggByMapNamesColumnsAsSpark() throws Exception {
        Map<String, String> exprs = new LinkedHashMap<>();
        exprs.put("salary", "max");
        exprs.put("bonus", "average");
        exprs.put("*", "count");
        exprs.put("id", "sum");
        Dataset<Row> result = emp.groupBy("dept").agg(exprs).orderBy(col("dept").asc_nulls_last());
        assertColumns(result, "dept", "max(salary)", "avg(bonus)", "count(1)", "sum(id)");
        t.assertSame(result, "SELECT dept, max(salary), avg(bonus), count(*), sum(id) FROM emp GROUP BY dept "
                + "ORDER BY dept NULLS LAST");
        Dataset<Row> global = emp.agg(Map.of("salary", "min"));
        assertColumns(global, "min(salary)");
        t.assertSame(global, "SELECT min(salary) FROM emp");
        assertThatThrownBy(() -> emp.groupBy("dept").agg(Map.of("nope", "max")))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("nope");
    }

    @Test
    void groupedShortcutsAndGlobalAggregates() throws Exception {
        Dataset<Row> r = emp.groupBy(col("dept")).max("salary", "bonus").orderBy(col("dept").asc_nulls_first());
        assertColumns(r, "dept", "max(salary)", "max(bonus)");
        t.assertSame(r, "SELECT dept, max(salary), max(bonus) FROM emp GROUP BY dept ORDER BY dept NULLS FIRST");
        Dataset<Row> means = emp.groupBy().mean("salary");
        assertColumns(means, "avg(salary)");
        t.assertSame(means, "SELECT avg(salary) FROM emp");
        t.assertSame(emp.groupBy().count(), "SELECT count(*) FROM emp");
    }

    @Test
    void rollupHasSubtotalsAndAGrandTotal() throws Exception {
        Dataset<Row> r = emp.rollup("dept", "mgr").agg(count("*").as("n"), sum("salary").as("total"),
                grouping("mgr").as("g"), grouping_id().as("gid"));
        assertColumns(r, "dept", "mgr", "n", "total", "g", "gid");
        long groups = t.queryLong("SELECT count(*) FROM (SELECT DISTINCT dept, mgr FROM emp)");
        long depts = t.queryLong("SELECT count(DISTINCT coalesce(dept, '?')) FROM emp");
        assertThat(r.count()).isEqualTo(groups + depts + 1);
        t.assertSameAnyOrder(r, "SELECT dept, mgr, count(*), sum(salary), grouping(mgr), grouping(dept, mgr) "
                + "FROM emp GROUP BY ROLLUP (dept, mgr)");
        t.assertSameAnyOrder(emp.rollup(col("dept")).count(),
                "SELECT dept, count(*) FROM emp GROUP BY ROLLUP (dept)");
    }

    @Test
    void groupingSetsGroupMapKeysSortedAsSpark() {
        // Spark 4.2's rows (bench's SparkApiCasesTest checks them live): maps of the same entries in another
        // order are one group, shown key-sorted, as a plain GROUP BY groups them
        t.spark.sql("SELECT map(2, 'b', 1, 'a') AS m, 1 AS y UNION ALL SELECT map(1, 'a', 2, 'b'), 1 "
                + "UNION ALL SELECT map(1, 'a'), 3").createOrReplaceTempView("maps");
        assertThat(sortedRows(t.spark.sql("SELECT m, count(*) AS c, grouping_id() AS gid FROM maps "
                + "GROUP BY ROLLUP(m)"))).containsExactly("[null,3,1]", "[{1=a, 2=b},2,0]", "[{1=a},1,0]");
        assertThat(sortedRows(t.spark.sql("SELECT m, y, count(*) AS c FROM maps GROUP BY CUBE(m, y)")))
                .containsExactly("[null,1,2]", "[null,3,1]", "[null,null,3]", "[{1=a, 2=b},1,2]",
                        "[{1=a, 2=b},null,2]", "[{1=a},3,1]", "[{1=a},null,1]");
        assertThat(sortedRows(t.spark.sql("SELECT m, y, count(*) AS c FROM maps "
                + "GROUP BY GROUPING SETS ((m), (y), ())"))).containsExactly("[null,1,2]", "[null,3,1]",
                "[null,null,3]", "[{1=a, 2=b},null,2]", "[{1=a},null,1]");
        assertThat(sortedRows(t.spark.table("maps").rollup("m").count()))
                .containsExactly("[null,3]", "[{1=a, 2=b},2]", "[{1=a},1]");
    }

    @Test
    void substrAndSubstringAreOneGroupingExpression() throws Exception {
        // the name as written (Spark's FUNC_ALIAS) does not change what the call is: GROUP BY matches the select
        emp.createOrReplaceTempView("emp");
        Dataset<Row> r = t.spark.sql("SELECT substr(dept, 1, 1), count(*) FROM emp GROUP BY substring(dept, 1, 1)");
        assertColumns(r, "substr(dept, 1, 1)", "count(1)");
        t.assertSameAnyOrder(r, "SELECT substring(dept, 1, 1), count(*) FROM emp GROUP BY substring(dept, 1, 1)");
    }

    private static List<String> sortedRows(Dataset<Row> d) {
        return d.collectAsList().stream().map(String::valueOf).sorted().toList();
    }

    @Test
    void cubeHasEverySubsetOfTheColumns() throws Exception {
        Dataset<Row> c = emp.cube(col("dept"), col("mgr")).agg(max("salary").as("top"), grouping_id("dept", "mgr"));
        long both = t.queryLong("SELECT count(*) FROM (SELECT DISTINCT dept, mgr FROM emp)");
        long depts = t.queryLong("SELECT count(*) FROM (SELECT DISTINCT dept FROM emp)");
        long mgrs = t.queryLong("SELECT count(*) FROM (SELECT DISTINCT mgr FROM emp)");
        assertThat(c.count()).isEqualTo(both + depts + mgrs + 1);
        t.assertSameAnyOrder(c, "SELECT dept, mgr, max(salary), grouping(dept, mgr) FROM emp "
                + "GROUP BY CUBE (dept, mgr)");
        assertThat(emp.cube("dept").sum("salary").columns()).containsExactly("dept", "sum(salary)");
    }

    @Test
    void pivotWithListedValuesIsOneColumnPerValue() throws Exception {
        Dataset<Row> p = emp.groupBy("mgr").pivot("dept", List.of("eng", "sales", "hr")).sum("salary")
                .orderBy(col("mgr"));
        assertColumns(p, "mgr", "eng", "sales", "hr");
        t.assertSame(p, "SELECT mgr, sum(salary) FILTER (WHERE dept = 'eng'), "
                + "sum(salary) FILTER (WHERE dept = 'sales'), sum(salary) FILTER (WHERE dept = 'hr') FROM emp "
                + "GROUP BY mgr ORDER BY mgr NULLS FIRST");
        Dataset<Row> two = emp.groupBy("mgr").pivot(col("dept"), List.of("eng", "ops"))
                .agg(count("*"), avg("bonus").as("b")).orderBy("mgr");
        assertColumns(two, "mgr", "eng_count(1)", "eng_b", "ops_count(1)", "ops_b");
        t.assertSame(two, "SELECT mgr, count(*) FILTER (WHERE dept = 'eng'), avg(bonus) FILTER (WHERE dept = 'eng'),"
                + " count(*) FILTER (WHERE dept = 'ops'), avg(bonus) FILTER (WHERE dept = 'ops') FROM emp GROUP BY mgr"
                + " ORDER BY mgr NULLS FIRST");
    }

    @Test
    void pivotWithoutValuesFindsThemSortedNullFirst() throws Exception {
        Dataset<Row> p = emp.groupBy("mgr").pivot("dept").count().orderBy("mgr");
        assertColumns(p, "mgr", "null", "eng", "ops", "sales");
        t.assertSame(p, "SELECT mgr, count(*) FILTER (WHERE dept IS NULL), count(*) FILTER (WHERE dept = 'eng'), "
                + "count(*) FILTER (WHERE dept = 'ops'), count(*) FILTER (WHERE dept = 'sales') FROM emp GROUP BY mgr "
                + "ORDER BY mgr NULLS FIRST");
        Dataset<Row> byDate = emp.filter(col("id").lt(3)).groupBy().pivot("hired").agg(min("id"));
        assertThat(byDate.columns()).containsExactly("2020-01-01", "2020-02-07", "2020-03-15");
        assertThatThrownBy(() -> emp.rollup("dept").pivot("mgr")).isInstanceOf(UnsupportedOperationException.class);
        t.spark.conf().set(RuntimeConfig.PIVOT_MAX_VALUES, 3);
        try {
            assertThatThrownBy(() -> emp.groupBy("mgr").pivot("dept")).isInstanceOf(AnalysisException.class)
                    .hasMessageContaining("has more than 3 distinct values");
        } finally {
            t.spark.conf().unset(RuntimeConfig.PIVOT_MAX_VALUES);
        }
        assertThatThrownBy(() -> emp.groupBy("dept").pivot("mgr", List.of(1)).pivot("id"))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("REPEATED_CLAUSE");
    }

    @Test
    void distinctAggregates() throws Exception {
        Dataset<Row> r = emp.groupBy("dept").agg(countDistinct("salary"), count_distinct(col("salary")),
                sum_distinct(col("salary")), count("*"), max("mgr")).orderBy(col("dept").asc_nulls_first());
        assertColumns(r, "dept", "count(DISTINCT salary)", "count(DISTINCT salary)", "sum(DISTINCT salary)",
                "count(1)", "max(mgr)");
        t.assertSame(r, "SELECT dept, count(DISTINCT salary), count(DISTINCT salary), sum(DISTINCT salary), count(*), "
                + "max(mgr) FROM emp GROUP BY dept ORDER BY dept NULLS FIRST");
        t.assertSame(emp.agg(countDistinct(col("dept"))), "SELECT count(DISTINCT dept) FROM emp");
    }

    /**
     * DISTINCT aggregates of different expressions in one aggregation and count(DISTINCT a, b) (issue 10: through
     * the planner's distinct expand), against DuckDB.
     */
    @Test
    void distinctAggregatesOfDifferentColumns() throws Exception {
        Dataset<Row> two = emp.groupBy("dept").agg(countDistinct("mgr"), countDistinct("salary"), sum("bonus"));
        assertColumns(two, "dept", "count(DISTINCT mgr)", "count(DISTINCT salary)", "sum(bonus)");
        t.assertSameAnyOrder(two, "select dept, count(distinct mgr), count(distinct salary), sum(bonus) from emp"
                + " group by dept");
        Dataset<Row> pairs = emp.agg(countDistinct("mgr", "salary"));
        assertColumns(pairs, "count(DISTINCT mgr, salary)");
        assertThat(pairs.collectAsList().get(0).getLong(0))
                .isEqualTo(t.queryLong("select count(distinct (mgr, salary)) from emp where mgr is not null"
                        + " and salary is not null"));
    }

    @Test
    void statisticalAggregates() throws Exception {
        Dataset<Row> r = emp.groupBy("dept").agg(stddev("bonus"), stddev_samp("salary"), stddev_pop("bonus"),
                variance("bonus"), var_samp("salary"), var_pop("bonus")).orderBy(col("dept").asc_nulls_first());
        assertColumns(r, "dept", "stddev(bonus)", "stddev_samp(salary)", "stddev_pop(bonus)", "variance(bonus)",
                "var_samp(salary)", "var_pop(bonus)");
        t.assertSame(r, "SELECT dept, stddev_samp(bonus), stddev_samp(salary), stddev_pop(bonus), var_samp(bonus), "
                + "var_samp(salary), var_pop(bonus) FROM emp GROUP BY dept ORDER BY dept NULLS FIRST");
    }

    @Test
    void firstAndLastOfGroupsOfOneValue() throws Exception {
        Dataset<Row> r = emp.groupBy("salary").agg(first("salary").as("f"), last(col("salary")).as("l"),
                first(col("bonus"), true).as("fb")).orderBy("salary");
        List<Row> rows = r.collectAsList();
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.getDecimal(1)).isEqualTo(row.getDecimal(0));
            assertThat(row.getDecimal(2)).isEqualTo(row.getDecimal(0));
        });
        // first(bonus, ignoreNulls): some non-null bonus of the group whenever the group has one.
        for (Row row : rows) {
            List<Object> bonuses = Arrays.asList(emp.filter(col("salary").equalTo(row.get(0)))
                    .filter(col("bonus").isNotNull()).select("bonus").as(Encoders.DOUBLE()).collect());
            if (bonuses.isEmpty()) {
                assertThat(row.isNullAt(3)).isTrue();
            } else {
                assertThat(bonuses).contains(row.get(3));
            }
        }
    }
}
