package io.updraft.engine.window;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.FrameBound;
import io.updraft.core.plan.FrameType;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.plan.WindowFrame;
import io.updraft.core.plan.WindowFunction;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.parquet.ParquetScanOperator;
import io.updraft.engine.testing.AllocatorTestSupport;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class WindowOperatorTest extends AllocatorTestSupport {
    private static final DecimalType MONEY = new DecimalType(10, 2);
    private static final StructType SCHEMA = new StructType(List.of()).add("id", DataTypes.LongType)
            .add("g", DataTypes.IntegerType).add("o", DataTypes.IntegerType).add("d", DataTypes.DoubleType)
            .add("s", DataTypes.StringType).add("m", MONEY);
    private static final ColumnRef ID = new ColumnRef(0, DataTypes.LongType, true);
    private static final ColumnRef G = new ColumnRef(1, DataTypes.IntegerType, true);
    private static final ColumnRef O = new ColumnRef(2, DataTypes.IntegerType, true);
    private static final ColumnRef D = new ColumnRef(3, DataTypes.DoubleType, true);
    private static final ColumnRef S = new ColumnRef(4, DataTypes.StringType, true);
    private static final ColumnRef M = new ColumnRef(5, MONEY, true);

    @TempDir
    Path dir;

    /** Partitions of very different sizes (one spans many batches), ties on o, nulls in g, d, s and m. */
    private Path data() {
        return ParquetTestFiles.write(dir.resolve("w.parquet"), """
                SELECT range::BIGINT AS id,
                       CASE WHEN range % 97 = 0 THEN NULL WHEN range < 3000 THEN 0 ELSE (range % 37)::INT END AS g,
                       ((range * 7919) % 50)::INT AS o,
                       CASE WHEN range % 11 = 0 THEN NULL ELSE ((range * 31) % 1000) / 8.0 END AS d,
                       CASE WHEN range % 13 = 0 THEN NULL ELSE 'v' || ((range * 17) % 23) END AS s,
                       CASE WHEN range % 7 = 0 THEN NULL ELSE (((range * 13) % 10000) / 100.0)::DECIMAL(10,2) END AS m
                FROM range(6000)
                """, 2048);
    }

    /** A call and its DuckDB spelling; {@code total}: needs a total order (o, id), else ordered by o with ties. */
    private record Case(String sql, WindowCall call, boolean total) {
        Case(String sql, WindowCall call) {
            this(sql, call, !sql.matches("(rank|dense_rank|percent_rank|sum|count|avg|min|max)\\(.*")
                    || sql.contains("ROWS"));
        }
    }

    private static WindowCall frame(WindowFunction f, List<Expr> args, FrameType type, FrameBound lower,
                                    FrameBound upper) {
        return new WindowCall(f, args, false, new WindowFrame(type, lower, upper), WindowCall.resultType(f, args));
    }

    private static List<Case> cases() {
        FrameBound up = FrameBound.unboundedPreceding();
        FrameBound uf = FrameBound.unboundedFollowing();
        FrameBound cur = FrameBound.currentRow();
        return List.of(
                new Case("row_number() OVER w", WindowCall.of(WindowFunction.ROW_NUMBER, List.of())),
                new Case("rank() OVER w", WindowCall.of(WindowFunction.RANK, List.of())),
                new Case("dense_rank() OVER w", WindowCall.of(WindowFunction.DENSE_RANK, List.of())),
                new Case("percent_rank() OVER w", WindowCall.of(WindowFunction.PERCENT_RANK, List.of())),
                new Case("ntile(7) OVER w", WindowCall.of(WindowFunction.NTILE, List.of(Literal.of(7)))),
                new Case("lag(s) OVER w", WindowCall.of(WindowFunction.LAG, List.of(S))),
                new Case("lead(m, 3, m) OVER w", WindowCall.of(WindowFunction.LEAD, List.of(M, Literal.of(3), M))),
                new Case("lag(d, 2, -1.0) OVER w",
                        WindowCall.of(WindowFunction.LAG, List.of(D, Literal.of(2), Literal.of(-1.0)))),
                new Case("sum(o) OVER w", WindowCall.of(WindowFunction.SUM, List.of(O))),
                new Case("count(*) OVER w", WindowCall.of(WindowFunction.COUNT, List.of())),
                new Case("count(s) OVER w", WindowCall.of(WindowFunction.COUNT, List.of(S))),
                // Spark: avg of decimal(10,2) is decimal(14,6), rounded HALF_UP; DuckDB's is a double
                new Case("round(avg(m) OVER w, 6)", WindowCall.of(WindowFunction.AVG, List.of(M)), false),
                new Case("min(s) OVER w", WindowCall.of(WindowFunction.MIN, List.of(S))),
                new Case("max(d) OVER w", WindowCall.of(WindowFunction.MAX, List.of(D))),
                new Case("first_value(s) OVER w", WindowCall.of(WindowFunction.FIRST, List.of(S))),
                new Case("last_value(d) OVER w", WindowCall.of(WindowFunction.LAST, List.of(D))),
                new Case("sum(m) OVER (w ROWS BETWEEN 3 PRECEDING AND 1 FOLLOWING)",
                        frame(WindowFunction.SUM, List.of(M), FrameType.ROWS, FrameBound.preceding(3),
                                FrameBound.following(1))),
                new Case("sum(d) OVER (w ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)",
                        frame(WindowFunction.SUM, List.of(D), FrameType.ROWS, FrameBound.preceding(2), cur)),
                new Case("min(m) OVER (w ROWS BETWEEN 5 PRECEDING AND 2 PRECEDING)",
                        frame(WindowFunction.MIN, List.of(M), FrameType.ROWS, FrameBound.preceding(5),
                                FrameBound.preceding(2))),
                new Case("max(s) OVER (w ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)",
                        frame(WindowFunction.MAX, List.of(S), FrameType.ROWS, cur, uf)),
                new Case("count(d) OVER (w RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING)",
                        frame(WindowFunction.COUNT, List.of(D), FrameType.RANGE, FrameBound.preceding(2),
                                FrameBound.following(1))),
                new Case("sum(o) OVER (w RANGE BETWEEN CURRENT ROW AND 3 FOLLOWING)",
                        frame(WindowFunction.SUM, List.of(O), FrameType.RANGE, cur, FrameBound.following(3))),
                new Case("avg(d) OVER (w RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)",
                        frame(WindowFunction.AVG, List.of(D), FrameType.RANGE, up, uf)),
                new Case("last_value(s) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)",
                        frame(WindowFunction.LAST, List.of(S), FrameType.ROWS, up, uf)),
                new Case("first_value(m IGNORE NULLS) OVER (w ROWS BETWEEN 1 FOLLOWING AND 4 FOLLOWING)",
                        new WindowCall(WindowFunction.FIRST, List.of(M), true, new WindowFrame(FrameType.ROWS,
                                FrameBound.following(1), FrameBound.following(4)), MONEY)),
                new Case("last_value(d IGNORE NULLS) OVER w",
                        new WindowCall(WindowFunction.LAST, List.of(D), true, null, DataTypes.DoubleType)));
    }

    @Test
    void everyFunctionAndFrameMatchesDuckDb() {
        Path file = data();
        for (boolean total : new boolean[] {true, false}) {
            List<Case> cases = cases().stream().filter(c -> c.total() == total).toList();
            List<WindowCall> calls = cases.stream().map(Case::call).toList();
            List<String> names = new ArrayList<>();
            StringBuilder sql = new StringBuilder("SELECT id");
            for (int i = 0; i < cases.size(); i++) {
                names.add("c" + i);
                sql.append(", ").append(cases.get(i).sql());
            }
            sql.append(" FROM '").append(file).append("' WINDOW w AS (PARTITION BY g ORDER BY o ASC NULLS FIRST")
                    .append(total ? ", id" : "").append(") ORDER BY id");
            List<List<Object>> expected = ParquetTestFiles.query(sql.toString());
            context = context(Map.of(ExecutionContext.BATCH_ROWS, "500"));
            List<SortKey> order = total ? List.of(new SortKey(O, true, true), new SortKey(ID, true, true))
                    : List.of(new SortKey(O, true, true));
            List<List<Object>> actual;
            try (WindowOperator window = new WindowOperator(scan(file), List.of(G), order, calls, names, context)) {
                assertThat(window.schema().size()).isEqualTo(SCHEMA.size() + calls.size());
                actual = new ArrayList<>(Drain.of(window).rows);
            }
            actual.sort(Comparator.comparing(r -> (Long) r.get(0)));
            assertThat(actual).hasSize(6000);
            for (int r = 0; r < actual.size(); r++) {
                for (int c = 0; c < cases.size(); c++) {
                    Object mine = actual.get(r).get(SCHEMA.size() + c);
                    Object theirs = expected.get(r).get(1 + c);
                    assertThat(normalize(mine)).as("id " + actual.get(r).get(0) + ": " + cases.get(c).sql())
                            .isEqualTo(normalize(theirs));
                }
            }
        }
    }

    private ParquetScanOperator scan(Path file) {
        return new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)), SCHEMA, null, context);
    }

    /** Numbers as BigDecimal rounded to 10 significant digits, so int/bigint/hugeint/decimal/double compare. */
    private static Object normalize(Object value) {
        if (value instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? d : new BigDecimal(d).round(new MathContext(10)).stripTrailingZeros();
        }
        if (value instanceof Float f) {
            return normalize(f.doubleValue());
        }
        if (value instanceof BigDecimal b) {
            return b.round(new MathContext(10)).stripTrailingZeros();
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof BigInteger) {
            return new BigDecimal(value.toString()).stripTrailingZeros();
        }
        return value;
    }

    @Test
    void nullOrderKeysArePeersAndRangeOffsetsSkipThem() {
        StructType schema = new StructType(List.of()).add("g", DataTypes.IntegerType).add("o", DataTypes.IntegerType)
                .add("v", DataTypes.LongType);
        var in = input(schema, new Object[][] {row(1, null, 1L), row(1, 3, 2L), row(1, null, 4L), row(1, 1, 8L),
                row(1, 2, 16L), row(1, 2, 32L), row(2, 5, 64L)});
        ColumnRef o = new ColumnRef(1, DataTypes.IntegerType, true);
        ColumnRef v = new ColumnRef(2, DataTypes.LongType, true);
        List<WindowCall> calls = List.of(
                WindowCall.of(WindowFunction.RANK, List.of()),
                WindowCall.of(WindowFunction.SUM, List.of(v)),
                frame(WindowFunction.SUM, List.of(v), FrameType.RANGE, FrameBound.preceding(1), FrameBound.currentRow()),
                frame(WindowFunction.SUM, List.of(v), FrameType.RANGE, FrameBound.unboundedPreceding(),
                        FrameBound.preceding(1)));
        try (WindowOperator window = new WindowOperator(in, List.of(new ColumnRef(0, DataTypes.IntegerType, true)),
                List.of(new SortKey(o, true, true)), calls, List.of("r", "s", "s1", "s2"), context)) {
            assertThat(Drain.of(window).rows).containsExactly(
                    Arrays.asList(1, null, 1L, 1, 5L, 5L, 5L),
                    Arrays.asList(1, null, 4L, 1, 5L, 5L, 5L),
                    Arrays.asList(1, 1, 8L, 3, 13L, 8L, 5L),
                    Arrays.asList(1, 2, 16L, 4, 61L, 56L, 13L),
                    Arrays.asList(1, 2, 32L, 4, 61L, 56L, 13L),
                    Arrays.asList(1, 3, 2L, 6, 63L, 50L, 61L),
                    Arrays.asList(2, 5, 64L, 1, 64L, 64L, null));
        }
    }

    @Test
    void windowWithoutPartitionOrOrderSeesTheWholeInput() {
        StructType schema = new StructType(List.of()).add("v", DataTypes.IntegerType);
        var in = input(schema, new Object[][] {row(1), row(2)}, new Object[][] {new Object[] {null}, row(4)});
        ColumnRef v = new ColumnRef(0, DataTypes.IntegerType, true);
        List<WindowCall> calls = List.of(WindowCall.of(WindowFunction.SUM, List.of(v)),
                WindowCall.of(WindowFunction.COUNT, List.of(v)), WindowCall.of(WindowFunction.MAX, List.of(v)));
        try (WindowOperator window = new WindowOperator(in, List.of(), List.of(), calls, List.of("s", "c", "m"),
                context)) {
            assertThat(Drain.of(window).rows).containsExactly(List.of(1, 7L, 3L, 4), List.of(2, 7L, 3L, 4),
                    Arrays.asList(null, 7L, 3L, 4), List.of(4, 7L, 3L, 4));
        }
    }

    @Test
    void lagAndLeadIgnoringNullsAndNtileEdges() {
        StructType schema = new StructType(List.of()).add("o", DataTypes.IntegerType).add("v", DataTypes.StringType);
        var in = input(schema, new Object[][] {row(1, "a"), row(2, null), row(3, "c"), row(4, null), row(5, "e")});
        ColumnRef o = new ColumnRef(0, DataTypes.IntegerType, true);
        ColumnRef v = new ColumnRef(1, DataTypes.StringType, true);
        DataType str = DataTypes.StringType;
        List<WindowCall> calls = List.of(
                new WindowCall(WindowFunction.LAG, List.of(v), true, null, str),
                new WindowCall(WindowFunction.LEAD, List.of(v, Literal.of(2)), true, null, str),
                WindowCall.of(WindowFunction.NTILE, List.of(Literal.of(2))),
                WindowCall.of(WindowFunction.NTILE, List.of(Literal.of(9))));
        try (WindowOperator window = new WindowOperator(in, List.of(), List.of(new SortKey(o, true, true)), calls,
                List.of("lag", "lead", "n2", "n9"), context)) {
            assertThat(Drain.of(window).rows).containsExactly(
                    Arrays.asList(1, "a", null, "e", 1, 1),
                    Arrays.asList(2, null, "a", "e", 1, 2),
                    Arrays.asList(3, "c", "a", null, 1, 3),
                    Arrays.asList(4, null, "c", null, 2, 4),
                    Arrays.asList(5, "e", "c", null, 2, 5));
        }
    }
}
