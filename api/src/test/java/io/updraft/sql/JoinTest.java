package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;

import static io.updraft.sql.TestTables.assertColumns;
import static io.updraft.sql.functions.broadcast;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every join method and type against DuckDB on the same files, with null keys on both sides. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JoinTest {
    @TempDir
    static Path dir;

    private TestTables t;
    private Dataset<Row> emp;
    private Dataset<Row> dept;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        emp = t.table("emp");
        dept = t.table("dept");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    /** Spark's join type names → DuckDB's join for the same rows. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "inner, INNER JOIN", "cross, INNER JOIN",
            "outer, FULL OUTER JOIN", "full, FULL OUTER JOIN", "fullouter, FULL OUTER JOIN",
            "full_outer, FULL OUTER JOIN",
            "left, LEFT OUTER JOIN", "leftouter, LEFT OUTER JOIN", "left_outer, LEFT OUTER JOIN",
            "right, RIGHT OUTER JOIN", "rightouter, RIGHT OUTER JOIN", "right_outer, RIGHT OUTER JOIN",
            "LeftOuter, LEFT OUTER JOIN"})
    void joinsOnAConditionKeepBothSidesColumnsAndNeverMatchNullKeys(String sparkType, String duckJoin)
            throws Exception {
        Dataset<Row> onKeys = emp.as("e").select("id", "dept").join(dept.as("d"),
                col("e.dept").equalTo(col("d.dept")), sparkType);
        assertColumns(onKeys, "id", "dept", "dept", "dname", "budget");
        t.assertSameAnyOrder(onKeys, "SELECT e.id, e.dept, d.dept, d.dname, d.budget FROM emp e " + duckJoin
                + " dept d ON e.dept = d.dept");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"semi, SEMI", "leftsemi, SEMI", "left_semi, SEMI", "anti, ANTI", "leftanti, ANTI",
            "left_anti, ANTI"})
    void semiAndAntiJoinsKeepTheLeftColumnsOnly(String sparkType, String duckJoin) throws Exception {
        Dataset<Row> joined = dept.as("d").join(emp.filter(col("salary").gt(2000)).as("e"),
                col("d.dept").equalTo(col("e.dept")), sparkType);
        assertColumns(joined, "dept", "dname", "budget");
        t.assertSameAnyOrder(joined, "SELECT * FROM dept " + duckJoin + " JOIN (SELECT * FROM emp WHERE salary > 2000)"
                + " e ON dept.dept = e.dept");
    }

    @Test
    void usingColumnsAppearOnceAndFirst() throws Exception {
        Dataset<Row> inner = emp.select("id", "dept").join(dept, "dept");
        assertColumns(inner, "dept", "id", "dname", "budget");
        t.assertSameAnyOrder(inner, "SELECT e.dept, e.id, d.dname, d.budget FROM emp e JOIN dept d USING (dept)");

        Dataset<Row> full = emp.select("id", "dept").join(dept, new String[]{"dept"}, "full_outer");
        assertColumns(full, "dept", "id", "dname", "budget");
        t.assertSameAnyOrder(full, "SELECT coalesce(e.dept, d.dept), e.id, d.dname, d.budget FROM emp e "
                + "FULL OUTER JOIN dept d ON e.dept = d.dept");

        Dataset<Row> right = emp.select("id", "dept").join(dept, List.of("dept"), "right");
        t.assertSameAnyOrder(right, "SELECT d.dept, e.id, d.dname, d.budget FROM emp e "
                + "RIGHT OUTER JOIN dept d ON e.dept = d.dept");

        Dataset<Row> left = emp.select("id", "dept").join(dept, "dept", "left");
        t.assertSameAnyOrder(left, "SELECT e.dept, e.id, d.dname, d.budget FROM emp e "
                + "LEFT OUTER JOIN dept d ON e.dept = d.dept");

        Dataset<Row> twoKeys = emp.select(col("id"), col("mgr")).join(emp.select(col("id"), col("mgr"),
                col("name")), new String[]{"id", "mgr"});
        assertColumns(twoKeys, "id", "mgr", "name");
        t.assertSameAnyOrder(twoKeys, "SELECT id, mgr, name FROM emp WHERE mgr IS NOT NULL");

        Dataset<Row> anti = dept.join(emp, List.of("dept"), "left_anti");
        t.assertSameAnyOrder(anti, "SELECT * FROM dept WHERE dept IS NULL OR dept NOT IN (SELECT dept FROM emp "
                + "WHERE dept IS NOT NULL)");
    }

    @Test
    void qualifiedColumnsOfAliasedSidesResolveASelfJoin() throws Exception {
        Dataset<Row> pairs = emp.as("a").join(emp.as("b"), col("a.mgr").equalTo(col("b.id")))
                .select(col("a.id"), col("a.name"), col("b.name").as("manager"), col("b.salary"));
        assertColumns(pairs, "id", "name", "manager", "salary");
        t.assertSameAnyOrder(pairs, "SELECT a.id, a.name, b.name, b.salary FROM emp a JOIN emp b ON a.mgr = b.id");
        assertThatThrownBy(() -> emp.join(emp, col("id").equalTo(col("mgr"))))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("AMBIGUOUS_REFERENCE");
    }

    /** A join's output may repeat a name; withColumn, withColumnRenamed and drop still work on it, as in Spark. */
    @Test
    void columnEditsOnAJoinWithRepeatedNames() throws Exception {
        Dataset<Row> joined = emp.select("id", "dept").as("e").join(dept.as("d"), col("e.dept").equalTo(col("d.dept")),
                "left");
        String duck = "FROM emp e LEFT JOIN dept d ON e.dept = d.dept";
        Dataset<Row> added = joined.withColumn("big", col("budget").gt(40));
        TestTables.assertColumns(added, "id", "dept", "dept", "dname", "budget", "big");
        t.assertSameAnyOrder(added, "SELECT e.id, e.dept, d.dept, d.dname, d.budget, d.budget > 40 " + duck);

        Dataset<Row> replaced = joined.withColumn("budget", col("budget").multiply(2));
        TestTables.assertColumns(replaced, "id", "dept", "dept", "dname", "budget");
        t.assertSameAnyOrder(replaced, "SELECT e.id, e.dept, d.dept, d.dname, d.budget * 2 " + duck);

        Dataset<Row> both = joined.withColumn("dept", lit("x"));
        t.assertSameAnyOrder(both, "SELECT e.id, 'x', 'x', d.dname, d.budget " + duck);

        Dataset<Row> renamed = joined.withColumnRenamed("dept", "unit");
        TestTables.assertColumns(renamed, "id", "unit", "unit", "dname", "budget");
        t.assertSameAnyOrder(renamed, "SELECT e.id, e.dept, d.dept, d.dname, d.budget " + duck);

        Dataset<Row> dropped = joined.drop("dept");
        TestTables.assertColumns(dropped, "id", "dname", "budget");
        t.assertSameAnyOrder(dropped, "SELECT e.id, d.dname, d.budget " + duck);
        Dataset<Row> keptTwice = joined.drop("dname", "budget");
        TestTables.assertColumns(keptTwice, "id", "dept", "dept");
        t.assertSameAnyOrder(keptTwice, "SELECT e.id, e.dept, d.dept " + duck);
        assertThat(joined.withColumn("n", lit(1)).select(col("e.id"), col("d.dept")).columns())
                .containsExactly("id", "dept");
    }

    @Test
    void nonEquiAndCrossJoins() throws Exception {
        Dataset<Row> range = emp.filter(col("id").lt(10)).select("id", "salary").join(dept.select("budget"),
                col("salary").divide(20).lt(col("budget")));
        t.assertSameAnyOrder(range, "SELECT id, salary, budget FROM emp, dept WHERE id < 10 AND salary / 20 < budget");

        Dataset<Row> cross = dept.select("dname").crossJoin(dept.select(col("budget")));
        assertThat(cross.count()).isEqualTo(36);
        t.assertSameAnyOrder(cross, "SELECT a.dname, b.budget FROM dept a CROSS JOIN dept b");

        Dataset<Row> cartesian = dept.select("dname").join(emp.filter(col("id").lt(3)).select("id"));
        t.assertSameAnyOrder(cartesian, "SELECT dname, id FROM dept, emp WHERE id < 3");
    }

    @Test
    void broadcastHintsAndAggregatesOverJoins() throws Exception {
        Dataset<Row> perDept = emp.join(broadcast(dept), "dept").groupBy("dname")
                .agg(count("*").as("n"), sum("salary").as("total")).orderBy(col("total").desc(), col("dname"));
        t.assertSame(perDept, "SELECT dname, count(*), sum(salary) AS total FROM emp JOIN dept USING (dept) "
                + "GROUP BY dname ORDER BY total DESC, dname");
        Dataset<Row> hinted = emp.join(dept.hint("broadcast"), "dept");
        assertThat(hinted.count()).isEqualTo(t.queryLong("SELECT count(*) FROM emp JOIN dept USING (dept)"));
    }

    /** With broadcasting off, joins shuffle both sides into spark.sql.shuffle.partitions partitions. */
    @Test
    void shuffledJoinsFollowTheSessionSettings() throws Exception {
        t.spark.conf().set(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD, "-1");
        t.spark.conf().set(RuntimeConfig.SHUFFLE_PARTITIONS, 3);
        try {
            Dataset<Row> joined = emp.as("e").join(dept.as("d"), col("e.dept").equalTo(col("d.dept")), "full");
            String plan = EndToEndTest.captureStdout(joined::explain);
            assertThat(plan).contains("hashpartitioning(").contains(", 3)").doesNotContain("Broadcast");
            t.assertSameAnyOrder(joined.select("id", "dname"), "SELECT id, dname FROM emp e FULL OUTER JOIN dept d "
                    + "ON e.dept = d.dept");
        } finally {
            t.spark.conf().unset(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD);
            t.spark.conf().unset(RuntimeConfig.SHUFFLE_PARTITIONS);
        }
        assertThat(EndToEndTest.captureStdout(emp.join(dept, "dept")::explain)).contains("Broadcast");
    }

    @Test
    void joinWithPairsTheSidesAndLeavesAMissingSideNull() {
        Dataset<Tuple2<Row, Row>> pairs = dept.as("d").joinWith(emp.filter(col("id").lt(20)).as("e"),
                col("d.dept").equalTo(col("e.dept")), "left_outer");
        List<Tuple2<Row, Row>> rows = pairs.collectAsList();
        assertThat(rows).isNotEmpty();
        assertThat(rows).allSatisfy(p -> assertThat(p._1().schema()).isEqualTo(dept.schema()));
        List<Tuple2<Row, Row>> unmatched = rows.stream().filter(p -> p._2() == null).toList();
        assertThat(unmatched).extracting(p -> p._1().getString(1)).containsExactlyInAnyOrder("Human resources",
                "Nobody");
        assertThat(rows.stream().filter(p -> p._2() != null))
                .allSatisfy(p -> assertThat(p._2().getString(2)).isEqualTo(p._1().getString(0)));

        Dataset<Tuple2<String, Integer>> typed = dept.select("dname").as(Encoders.STRING())
                .joinWith(emp.filter(col("dept").equalTo("sales")).select("id").as(Encoders.INT()),
                        col("dname").equalTo(lit("Sales")));
        assertThat(typed.collectAsList()).hasSize(20).allSatisfy(p -> assertThat(p._1()).isEqualTo("Sales"));
        assertThatThrownBy(() -> dept.joinWith(emp, lit(true), "left_semi"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("Invalid join type in joinWith: LeftSemi");
    }

    @Test
    void badJoinTypesAndColumnsAreClearErrors() {
        assertThatThrownBy(() -> emp.join(dept, "dept", "sideways"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unsupported join type 'sideways'. Supported join types include: 'inner', 'outer', 'full',"
                        + " 'fullouter', 'full_outer', 'leftouter', 'left', 'left_outer', 'rightouter', 'right',"
                        + " 'right_outer', 'leftsemi', 'left_semi', 'semi', 'leftanti', 'left_anti', 'anti', 'cross'.");
        assertThatThrownBy(() -> emp.join(dept, "dname"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("dname");
        assertThatThrownBy(() -> emp.join(dept, col("dname").equalTo(col("nope"))))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("UNRESOLVED_COLUMN");
        try (UpdraftSession other = UpdraftSession.builder().master("local[1]").create()) {
            Dataset<Row> foreign = other.read().parquet(dir.resolve("dept").toString());
            assertThatThrownBy(() -> emp.join(foreign, "dept")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("same UpdraftSession");
        }
    }
}
