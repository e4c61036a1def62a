package io.updraft.engine.operator;

import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.SortKey;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ListOperator;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class UnionExpandTopNTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("k", DataTypes.StringType).add("v", DataTypes.IntegerType);

    @Test
    void unionPassesEveryInputInOrderAndClosesThem() {
        ListOperator a = input(SCHEMA, new Object[][] {row("a", 1)}, new Object[][] {row("b", 2)});
        ListOperator empty = input(SCHEMA);
        StructType other = new StructType(List.of()).add("x", DataTypes.StringType, false)
                .add("y", DataTypes.IntegerType, false);
        ListOperator c = input(other, new Object[][] {row(null, 3), row("c", null)});
        try (UnionOperator union = new UnionOperator(List.of(a, empty, c))) {
            assertThat(union.schema().fieldNames()).containsExactly("k", "v");
            assertThat(Drain.of(union).rows).containsExactly(List.of("a", 1), List.of("b", 2),
                    Arrays.asList(null, 3), Arrays.asList("c", null));
            assertThat(a.closed()).isTrue();
            assertThat(empty.closed()).isTrue();
        }
    }

    @Test
    void expandEmitsEachRowOncePerProjection() {
        ListOperator in = input(SCHEMA, new Object[][] {row("a", 1), row("b", 2)});
        Expr k = col(0, DataTypes.StringType);
        Expr v = col(1, DataTypes.IntegerType);
        List<List<Expr>> projections = List.of(
                List.of(k, v, Literal.of(0)),
                List.of(Literal.nullOf(DataTypes.StringType), v, Literal.of(1)),
                List.of(Literal.nullOf(DataTypes.StringType), new Arithmetic(ArithmeticOp.ADD, v, Literal.of(10),
                        DataTypes.IntegerType), Literal.of(3)));
        try (ExpandOperator expand = new ExpandOperator(in, projections, List.of("k", "v", "gid"), context)) {
            assertThat(expand.schema().get(0).nullable()).isTrue();
            assertThat(expand.schema().get(2).nullable()).isFalse();
            assertThat(Drain.of(expand).rows).containsExactly(
                    List.of("a", 1, 0), List.of("b", 2, 0),
                    Arrays.asList(null, 1, 1), Arrays.asList(null, 2, 1),
                    Arrays.asList(null, 11, 3), Arrays.asList(null, 12, 3));
        }
    }

    @Test
    void topNMatchesAStableSortAndLimit() {
        Random random = new Random(3);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            rows.add(row(random.nextInt(9) == 0 ? null : "k" + random.nextInt(40), i));
        }
        context = new io.updraft.engine.ExecutionContext(allocator, Map.of("updraft.batchRows", "256"));
        for (long limit : new long[] {1, 7, 300, 4999, 5000, 9000}) {
            List<SortKey> keys = List.of(new SortKey(col(0, DataTypes.StringType), false, true));
            ListOperator in = inputRows(rows, 333);
            try (TopNOperator top = new TopNOperator(in, keys, limit, context)) {
                List<Object[]> expected = new ArrayList<>(rows);
                expected.sort(Comparator.comparing((Object[] r) -> (String) r[0],
                        Comparator.nullsFirst(Comparator.<String>reverseOrder())));
                List<List<Object>> want = expected.subList(0, (int) Math.min(limit, rows.size())).stream()
                        .map(Arrays::asList).toList();
                assertThat(Drain.of(top).rows).as("limit " + limit).isEqualTo(want);
            }
        }
    }

    @Test
    void topNWithLimitZeroNeverPulls() {
        ListOperator in = input(SCHEMA, new Object[][] {row("a", 1)});
        try (TopNOperator top = new TopNOperator(in, List.of(), 0, context)) {
            assertThat(top.next()).isNull();
            assertThat(in.pulls()).isZero();
        }
    }

    private ListOperator inputRows(List<Object[]> rows, int batch) {
        List<Object[][]> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += batch) {
            batches.add(rows.subList(from, Math.min(rows.size(), from + batch)).toArray(Object[][]::new));
        }
        return input(SCHEMA, batches.toArray(Object[][][]::new));
    }
}
