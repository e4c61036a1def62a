package io.updraft.engine.parquet;

import io.updraft.core.expr.And;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.In;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.Not;
import io.updraft.core.expr.Or;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which of four row groups (group g holds ids 2048g .. 2048g+2047) survive a pruning filter. */
class RowGroupPrunerTest {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("id", DataTypes.LongType).add("s", DataTypes.StringType).add("day", DataTypes.DateType)
            .add("maybe", DataTypes.LongType).add("d", DataTypes.DoubleType);
    private static final ColumnRef ID = new ColumnRef(0, DataTypes.LongType, true);
    private static final ColumnRef S = new ColumnRef(1, DataTypes.StringType, true);
    private static final ColumnRef DAY = new ColumnRef(2, DataTypes.DateType, true);
    private static final ColumnRef MAYBE = new ColumnRef(3, DataTypes.LongType, true);
    private static final ColumnRef D = new ColumnRef(4, DataTypes.DoubleType, true);
    private static Path dir;
    private static Path file;
    private BufferAllocator allocator;

    @BeforeAll
    static void writeFile() throws IOException {
        dir = Files.createTempDirectory("pruner");
        file = ParquetTestFiles.write(dir.resolve("groups.parquet"), """
                SELECT range AS id, 'g' || (range // 2048)::VARCHAR AS s,
                       DATE '2020-01-01' + ((range // 2048) * 100)::INT AS day,
                       CASE WHEN range // 2048 = 1 THEN NULL WHEN range % 2 = 0 THEN range END AS maybe,
                       range::DOUBLE AS d
                FROM range(8192)
                """, 2048);
    }

    @AfterAll
    static void deleteFile() throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private int groupsRead(Expr filter) {
        ExecutionContext context = new ExecutionContext(allocator, Map.of());
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                SCHEMA, filter, context)) {
            Drain.of(scan);
        }
        assertThat(context.metrics().rowGroupsRead() + context.metrics().rowGroupsSkipped()).isEqualTo(4);
        return context.metrics().rowGroupsRead();
    }

    private static Comparison cmp(CompareOp op, Expr l, Expr r) {
        return new Comparison(op, l, r);
    }

    @Test
    void rangesOnEachSide() {
        assertThat(groupsRead(cmp(CompareOp.LESS_THAN, ID, Literal.of(2048L)))).isEqualTo(1);
        assertThat(groupsRead(cmp(CompareOp.LESS_THAN_OR_EQUAL, ID, Literal.of(2048L)))).isEqualTo(2);
        assertThat(groupsRead(cmp(CompareOp.GREATER_THAN, Literal.of(2048L), ID))).isEqualTo(1);
        assertThat(groupsRead(cmp(CompareOp.EQUAL, ID, Literal.of(5000L)))).isEqualTo(1);
        assertThat(groupsRead(cmp(CompareOp.EQUAL, ID, Literal.of(-1L)))).isZero();
        assertThat(groupsRead(cmp(CompareOp.NOT_EQUAL, ID, Literal.of(5L)))).isEqualTo(4);
        assertThat(groupsRead(cmp(CompareOp.EQUAL_NULL_SAFE, ID, Literal.of(5L)))).isEqualTo(1);
    }

    @Test
    void stringsAndDates() {
        assertThat(groupsRead(cmp(CompareOp.EQUAL, S, Literal.of("g2")))).isEqualTo(1);
        assertThat(groupsRead(cmp(CompareOp.GREATER_THAN_OR_EQUAL, S, Literal.of("g2")))).isEqualTo(2);
        int day = (int) LocalDate.of(2020, 1, 1).toEpochDay();
        assertThat(groupsRead(cmp(CompareOp.GREATER_THAN, DAY, new Literal(DataTypes.DateType, day + 150))))
                .isEqualTo(2);
    }

    @Test
    void logicalConnectives() {
        Expr low = cmp(CompareOp.LESS_THAN, ID, Literal.of(2048L));
        Expr high = cmp(CompareOp.GREATER_THAN_OR_EQUAL, ID, Literal.of(6144L));
        assertThat(groupsRead(new Or(low, high))).isEqualTo(2);
        assertThat(groupsRead(new And(low, high))).isZero();
        assertThat(groupsRead(new Not(low))).isEqualTo(3);
        assertThat(groupsRead(new Not(new Or(low, high)))).isEqualTo(2);
        assertThat(groupsRead(new Not(new And(low, high)))).isEqualTo(4);
        assertThat(groupsRead(new In(ID, List.of(Literal.of(1L), Literal.of(7000L), Literal.nullOf(DataTypes.LongType)))))
                .isEqualTo(2);
        assertThat(groupsRead(new Not(new In(ID, List.of(Literal.of(1L)))))).isEqualTo(4);
        assertThat(groupsRead(Literal.of(false))).isZero();
        assertThat(groupsRead(new Not(Literal.of(false)))).isEqualTo(4);
    }

    @Test
    void nullCounts() {
        assertThat(groupsRead(new IsNull(MAYBE))).isEqualTo(4);
        assertThat(groupsRead(new IsNotNull(MAYBE))).isEqualTo(3);
        assertThat(groupsRead(new Not(new IsNull(MAYBE)))).isEqualTo(3);
        assertThat(groupsRead(new IsNull(ID))).isZero();
        // the all-null group cannot satisfy any comparison
        assertThat(groupsRead(cmp(CompareOp.GREATER_THAN_OR_EQUAL, MAYBE, Literal.of(0L)))).isEqualTo(3);
        assertThat(groupsRead(cmp(CompareOp.EQUAL, ID, Literal.nullOf(DataTypes.LongType)))).isZero();
    }

    @Test
    void unknownShapesMightMatch() {
        Expr function = cmp(CompareOp.EQUAL, new ScalarFunction("abs", List.of(ID), DataTypes.LongType),
                Literal.of(-5L));
        assertThat(groupsRead(function)).isEqualTo(4);
        assertThat(groupsRead(cmp(CompareOp.LESS_THAN, ID, MAYBE))).isEqualTo(4);
    }

    @Test
    void doublesTrustOnlyTheLowerBound() {
        // NaN is above everything in Spark but Parquet min/max leave it out, so upper bounds are not trusted
        assertThat(groupsRead(cmp(CompareOp.LESS_THAN, D, Literal.of(100.0)))).isEqualTo(1);
        assertThat(groupsRead(cmp(CompareOp.GREATER_THAN, D, Literal.of(1e9)))).isEqualTo(4);
    }
}
