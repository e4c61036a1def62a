package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.updraft.sql.TestTables.assertColumns;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * union/intersect/except (ALL or not), distinct and dropDuplicates against DuckDB, on multisets with duplicates and
 * nulls on both sides (set operations compare nulls as equal).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SetOperationsTest {
    @TempDir
    static Path dir;

    private TestTables t;
    private Dataset<Row> lhs;
    private Dataset<Row> rhs;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        lhs = t.table("lhs");
        rhs = t.table("rhs");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    @Test
    void unionKeepsDuplicatesAndMatchesColumnsByPosition() throws Exception {
        assertThat(lhs.union(rhs).count()).isEqualTo(15);
        t.assertSameAnyOrder(lhs.union(rhs), "SELECT * FROM lhs UNION ALL SELECT * FROM rhs");
        t.assertSameAnyOrder(lhs.unionAll(rhs).union(lhs), "SELECT * FROM lhs UNION ALL SELECT * FROM rhs "
                + "UNION ALL SELECT * FROM lhs");
        Dataset<Row> swapped = rhs.select(col("v").as("x"), col("k").as("y"));
        assertThatThrownBy(() -> lhs.union(swapped.select(col("x"))))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("NUM_COLUMNS_MISMATCH");
    }

    @Test
    void unionWidensTypes() throws Exception {
        Dataset<Row> widened = lhs.select(col("k")).union(rhs.select(col("k").cast("bigint")));
        assertThat(widened.schema().get(0).dataType().simpleString()).isEqualTo("bigint");
        t.assertSameAnyOrder(widened, "SELECT k FROM lhs UNION ALL SELECT k::BIGINT FROM rhs");
    }

    @Test
    void unionByNameMatchesColumnsByNameAndCanFillMissingOnes() throws Exception {
        Dataset<Row> reordered = rhs.select("v", "k");
        Dataset<Row> byName = lhs.unionByName(reordered);
        assertColumns(byName, "k", "v");
        t.assertSameAnyOrder(byName, "SELECT k, v FROM lhs UNION ALL SELECT k, v FROM rhs");

        Dataset<Row> withExtra = rhs.withColumn("w", col("k").plus(1)).select("w", "v");
        assertThatThrownBy(() -> lhs.unionByName(withExtra)).isInstanceOf(AnalysisException.class)
                .hasMessageContaining("k");
    }

    @Test
    void unionByNameFillsColumnsASideLacksWithNulls() throws Exception {
        Dataset<Row> withExtra = rhs.withColumn("w", col("k").plus(1)).select("w", "v");
        Dataset<Row> filled = lhs.unionByName(withExtra, true);
        assertColumns(filled, "k", "v", "w");
        t.assertSameAnyOrder(filled, "SELECT k, v, NULL FROM lhs UNION ALL SELECT NULL, v, k + 1 FROM rhs");
    }

    @Test
    void intersectAndExceptAreSetsAndTheirAllVariantsCountDuplicates() throws Exception {
        t.assertSameAnyOrder(lhs.intersect(rhs), "SELECT * FROM lhs INTERSECT SELECT * FROM rhs");
        t.assertSameAnyOrder(lhs.intersectAll(rhs), "SELECT * FROM lhs INTERSECT ALL SELECT * FROM rhs");
        t.assertSameAnyOrder(lhs.except(rhs), "SELECT * FROM lhs EXCEPT SELECT * FROM rhs");
        t.assertSameAnyOrder(lhs.exceptAll(rhs), "SELECT * FROM lhs EXCEPT ALL SELECT * FROM rhs");
        t.assertSameAnyOrder(rhs.exceptAll(lhs), "SELECT * FROM rhs EXCEPT ALL SELECT * FROM lhs");
        // (1, a) x3 against x2, (NULL, NULL) x1 against x2: the counts the ALL variants keep.
        assertThat(lhs.intersectAll(rhs).count()).isEqualTo(4);
        assertThat(lhs.exceptAll(rhs).count()).isEqualTo(5);
        assertThat(lhs.intersect(rhs).count()).isEqualTo(3);
    }

    @Test
    void distinctAndDropDuplicates() throws Exception {
        t.assertSameAnyOrder(lhs.distinct(), "SELECT DISTINCT * FROM lhs");
        t.assertSameAnyOrder(lhs.dropDuplicates(), "SELECT DISTINCT * FROM lhs");
        Dataset<Row> perKey = lhs.dropDuplicates("k");
        assertColumns(perKey, "k", "v");
        t.assertSameAnyOrder(perKey.select("k"), "SELECT DISTINCT k FROM lhs");
        // Each kept row is one of the rows of its key.
        for (Row r : perKey.collectAsList()) {
            assertThat(lhs.filter(r.isNullAt(0) ? col("k").isNull() : col("k").equalTo(r.get(0)))
                    .filter(r.isNullAt(1) ? col("v").isNull() : col("v").equalTo(r.get(1))).count()).isPositive();
        }
        t.assertSameAnyOrder(lhs.dropDuplicates(new String[]{"k", "v"}), "SELECT DISTINCT * FROM lhs");
        assertThat(lhs.dropDuplicates(new String[0]).count()).isEqualTo(6);
        assertThatThrownBy(() -> lhs.dropDuplicates("nope")).isInstanceOf(AnalysisException.class)
                .hasMessageContaining("nope");
    }

    @Test
    void setOperationsKeepTheLeftNamesAndTheTypedEncoder() {
        Dataset<String> names = lhs.select(col("v")).as(Encoders.STRING());
        Dataset<String> more = rhs.select(col("v").as("other")).as(Encoders.STRING());
        Dataset<String> all = names.union(more).filter(col("v").isNotNull()).distinct();
        assertColumns(all, "v");
        assertThat(all.collectAsList()).containsExactlyInAnyOrder("a", "b", "c", "d", "e");
        assertThat(names.except(more).filter(col("v").isNotNull()).collectAsList())
                .containsExactlyInAnyOrder("b", "c", "d");
        assertThat(lhs.select(lit(1).as("one")).distinct().count()).isEqualTo(1);
    }
}
