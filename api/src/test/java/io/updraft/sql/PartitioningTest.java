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
import static io.updraft.sql.functions.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** repartition, repartitionByRange, coalesce, sortWithinPartitions: the exchanges they plan, the rows they keep. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartitioningTest {
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
    void repartitionShufflesWithoutChangingTheRows() throws Exception {
        Dataset<Row> roundRobin = emp.repartition(3);
        assertThat(captureStdout(roundRobin::explain)).contains("RoundRobinPartitioning(3)");
        t.assertSameAnyOrder(roundRobin, "SELECT * FROM emp");

        Dataset<Row> hashed = emp.repartition(4, col("dept"));
        assertThat(captureStdout(hashed::explain)).contains("hashpartitioning(dept");
        t.assertSameAnyOrder(hashed.groupBy("dept").agg(count("*")), "SELECT dept, count(*) FROM emp GROUP BY dept");

        Dataset<Row> byDefault = emp.repartition(col("mgr"), col("dept"));
        assertThat(captureStdout(byDefault::explain)).contains("hashpartitioning(mgr");
        t.assertSameAnyOrder(byDefault.select("id", "mgr"), "SELECT id, mgr FROM emp");
        t.assertSameAnyOrder(emp.repartition(), "SELECT * FROM emp");
    }

    @Test
    void repartitionByRangeAndCoalesce() throws Exception {
        Dataset<Row> ranged = emp.repartitionByRange(3, col("salary").desc(), col("id"));
        assertThat(captureStdout(ranged::explain)).contains("rangepartitioning(");
        t.assertSameAnyOrder(ranged, "SELECT * FROM emp");
        t.assertSameAnyOrder(emp.repartitionByRange(col("hired")).select("id"), "SELECT id FROM emp");

        Dataset<Row> coalesced = emp.repartition(4).coalesce(1);
        t.assertSameAnyOrder(coalesced, "SELECT * FROM emp");
        assertThat(emp.coalesce(2).count()).isEqualTo(100);
    }

    @Test
    void sortWithinPartitionsSortsEveryPartition() throws Exception {
        Dataset<Row> sorted = emp.coalesce(1).sortWithinPartitions(col("salary").desc(), col("id"));
        t.assertSame(sorted.select("id"), "SELECT id FROM emp ORDER BY salary DESC, id");
        List<Row> byName = emp.coalesce(1).sortWithinPartitions("name").select("name").collectAsList();
        assertThat(byName).isSortedAccordingTo((a, b) -> a.getString(0).compareTo(b.getString(0)));
    }

    @Test
    void badPartitionArgumentsAreClearErrors() {
        assertThatThrownBy(() -> emp.repartition(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Number of partitions (0) must be positive.");
        assertThatThrownBy(() -> emp.coalesce(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> emp.repartition(2, col("id").asc())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("repartitionByRange");
        assertThatThrownBy(() -> emp.repartitionByRange(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("At least one partition-by expression must be specified.");
    }
}
