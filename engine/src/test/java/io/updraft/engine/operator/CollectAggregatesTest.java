package io.updraft.engine.operator;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ListOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** collect_list / collect_set through HashAggregateOperator: COMPLETE, PARTIAL → FINAL, spilled; against Java. */
class CollectAggregatesTest extends OperatorTestSupport {
    private static final DecimalType MONEY = new DecimalType(12, 2);
    private static final StructType SCHEMA = new StructType(List.of()).add("k", DataTypes.IntegerType)
            .add("s", DataTypes.StringType).add("d", DataTypes.DoubleType).add("m", MONEY)
            .add("b", DataTypes.BooleanType);

    private static AggregateCall call(AggregateFunction f, int column, DataType type) {
        return new AggregateCall(f, new ColumnRef(column, type, true), false, AggregateCall.resultType(f, type));
    }

    private static List<AggregateCall> calls() {
        return List.of(call(AggregateFunction.COLLECT_LIST, 1, DataTypes.StringType),
                call(AggregateFunction.COLLECT_SET, 1, DataTypes.StringType),
                call(AggregateFunction.COLLECT_LIST, 2, DataTypes.DoubleType),
                call(AggregateFunction.COLLECT_SET, 2, DataTypes.DoubleType),
                call(AggregateFunction.COLLECT_SET, 3, MONEY),
                call(AggregateFunction.COLLECT_LIST, 4, DataTypes.BooleanType),
                call(AggregateFunction.COLLECT_SET, 0, DataTypes.IntegerType));
    }

    private static Object[][] randomRows(Random random, int n, int groups) {
        String[] strings = {"a", "bb", "ü", "", "a long string value", null};
        Double[] doubles = {1.5, -0.0, 0.0, Double.NaN, 2.25, null};
        Object[][] rows = new Object[n][];
        for (int r = 0; r < n; r++) {
            rows[r] = row(random.nextInt(10) == 0 ? null : random.nextInt(groups),
                    strings[random.nextInt(strings.length)], doubles[random.nextInt(doubles.length)],
                    random.nextInt(5) == 0 ? null : BigDecimal.valueOf(random.nextInt(20) * 125, 2),
                    random.nextInt(4) == 0 ? null : random.nextBoolean());
        }
        return rows;
    }

    /** The expected row per key: lists in input order; sets as first occurrences (-0.0 as 0.0, NaN once). */
    private static Map<Object, List<Object>> expected(Object[][] rows) {
        Map<Object, List<Object>> out = new HashMap<>();
        for (Object[] row : rows) {
            List<Object> acc = out.computeIfAbsent(row[0], k -> {
                List<Object> state = new ArrayList<>();
                for (int i = 0; i < 7; i++) {
                    state.add(i == 0 || i == 2 || i == 5 ? new ArrayList<>() : new LinkedHashSet<>());
                }
                return state;
            });
            Object[] arguments = {row[1], row[1], row[2], row[2] == null ? null : normalize((Double) row[2]), row[3],
                    row[4], row[0]};
            for (int i = 0; i < arguments.length; i++) {
                if (arguments[i] != null) {
                    @SuppressWarnings("unchecked")
                    java.util.Collection<Object> c = (java.util.Collection<Object>) acc.get(i);
                    c.add(arguments[i]);
                }
            }
        }
        return out;
    }

    private static Object normalize(double d) {
        return d == 0.0 ? 0.0 : d;
    }

    private static List<List<Object>> sortedLists(List<List<Object>> rows, boolean sortElements) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> copy = new ArrayList<>();
            for (Object v : row) {
                if (v instanceof List<?> l && sortElements) {
                    List<Object> s = new ArrayList<>(l);
                    s.sort(Comparator.comparing(String::valueOf));
                    copy.add(s);
                } else {
                    copy.add(v instanceof java.util.Collection<?> c ? new ArrayList<>(c) : v);
                }
            }
            out.add(copy);
        }
        out.sort(Comparator.comparing(String::valueOf));
        return out;
    }

    private List<List<Object>> expectedRows(Object[][] rows) {
        List<List<Object>> out = new ArrayList<>();
        for (Map.Entry<Object, List<Object>> e : expected(rows).entrySet()) {
            List<Object> row = new ArrayList<>();
            row.add(e.getKey());
            for (Object c : e.getValue()) {
                row.add(new ArrayList<>((java.util.Collection<?>) c));
            }
            out.add(row);
        }
        return out;
    }

    /** Row by row, so a failure names the first differing row rather than printing thousands. */
    private static void assertSameRows(List<List<Object>> actual, List<List<Object>> expected) {
        for (int r = 0; r < Math.min(actual.size(), expected.size()); r++) {
            for (int c = 0; c < expected.get(r).size(); c++) {
                assertThat(String.valueOf(actual.get(r).get(c))).as("row %d column %d", r, c)
                        .isEqualTo(String.valueOf(expected.get(r).get(c)));
            }
        }
        assertThat(actual).hasSameSizeAs(expected);
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            names.add("c" + i);
        }
        return names;
    }

    @Test
    void completeKeepsInputOrderAndFirstOccurrences() {
        Object[][] rows = randomRows(new Random(3), 3000, 40);
        List<Expr> groupBy = List.of(col(0, DataTypes.IntegerType));
        try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA, Arrays.copyOfRange(rows, 0, 1000),
                Arrays.copyOfRange(rows, 1000, 3000)), groupBy, calls(), AggregateMode.COMPLETE, names(), context)) {
            assertThat(agg.schema().get(1).dataType()).isEqualTo(new ArrayType(DataTypes.StringType, false));
            List<List<Object>> actual = Drain.of(agg).rows;
            assertSameRows(sortedLists(actual, false), sortedLists(expectedRows(rows), false));
        }
    }

    @Test
    void partialStatesMergeInArrivalOrder() {
        Object[][] rows = randomRows(new Random(5), 4000, 25);
        List<Expr> groupBy = List.of(col(0, DataTypes.IntegerType));
        List<Batch> partials = new ArrayList<>();
        StructType partialSchema = null;
        for (Object[][] part : List.of(Arrays.copyOfRange(rows, 0, 1500), Arrays.copyOfRange(rows, 1500, 4000))) {
            HashAggregateOperator partial = new HashAggregateOperator(input(SCHEMA, part), groupBy, calls(),
                    AggregateMode.PARTIAL, names(), context);
            partialSchema = partial.schema();
            Batch b;
            while ((b = partial.next()) != null) {
                partials.add(b);
            }
            partial.close();
        }
        try (HashAggregateOperator fin = new HashAggregateOperator(new ListOperator(partialSchema, partials),
                List.of(col(0, DataTypes.IntegerType)), calls(), AggregateMode.FINAL, names(), context)) {
            // lists: the first task's values then the second's, i.e. input order; sets may repeat a value
            // only if the FINAL merge failed to deduplicate across partials
            assertSameRows(sortedLists(Drain.of(fin).rows, false), sortedLists(expectedRows(rows), false));
        }
    }

    @Test
    void arraysAreGroupingKeysPartialThenFinal() {
        ArrayType strings = new ArrayType(DataTypes.StringType, true);
        StructType schema = new StructType(List.of()).add("a", strings).add("v", DataTypes.IntegerType);
        Random random = new Random(23);
        List<Object> keys = Arrays.asList(List.of("x"), List.of("x", "y"), Arrays.asList("x", null), List.of(),
                null, List.of("y", "x"), Arrays.asList((String) null));
        Object[][] rows = new Object[3000][];
        Map<String, Long> counts = new HashMap<>();
        for (int r = 0; r < rows.length; r++) {
            Object key = keys.get(random.nextInt(keys.size()));
            rows[r] = row(key, r);
            counts.merge(String.valueOf(key), 1L, Long::sum);
        }
        List<AggregateCall> calls = List.of(new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType));
        List<Expr> groupBy = List.of(col(0, strings));
        List<Batch> partials = new ArrayList<>();
        StructType partialSchema = null;
        for (Object[][] part : List.of(Arrays.copyOfRange(rows, 0, 1000), Arrays.copyOfRange(rows, 1000, 3000))) {
            HashAggregateOperator partial = new HashAggregateOperator(input(schema, Arrays.copyOfRange(part, 0, 400),
                    Arrays.copyOfRange(part, 400, part.length)), groupBy, calls, AggregateMode.PARTIAL,
                    List.of("a", "n"), context);
            partialSchema = partial.schema();
            Batch b;
            while ((b = partial.next()) != null) {
                partials.add(b);
            }
            partial.close();
        }
        Map<String, Long> actual = new HashMap<>();
        try (HashAggregateOperator fin = new HashAggregateOperator(new ListOperator(partialSchema, partials),
                List.of(col(0, strings)), calls, AggregateMode.FINAL, List.of("a", "n"), context)) {
            for (List<Object> r : Drain.of(fin).rows) {
                assertThat(actual.put(String.valueOf(r.get(0)), (Long) r.get(1))).as("one group per key").isNull();
            }
        }
        assertThat(actual).isEqualTo(counts).hasSize(keys.size());
    }

    @Test
    void globalAggregateOfNothingIsEmptyArrays() {
        try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA), List.of(), calls(),
                AggregateMode.COMPLETE, names().subList(1, 8), context)) {
            assertThat(Drain.of(agg).rows).containsExactly(List.of(List.of(), List.of(), List.of(), List.of(),
                    List.of(), List.of(), List.of()));
        }
    }

    @Test
    void spilledAggregationCollectsTheSameValues(@TempDir Path spillDir) {
        Random random = new Random(11);
        Object[][] rows = randomRows(random, 24_000, 8_000);
        Object[][][] batches = new Object[12][][];
        for (int b = 0; b < 12; b++) {
            batches[b] = Arrays.copyOfRange(rows, b * 2000, (b + 1) * 2000);
        }
        List<Expr> groupBy = List.of(col(0, DataTypes.IntegerType));
        List<List<Object>> expected = sortedLists(expectedRows(rows), true);
        try (var limited = allocator.newChildAllocator("agg", 0, 1L << 19)) {
            var small = new ExecutionContext(limited, Map.of(ExecutionContext.SPILL_DIR, spillDir.toString()));
            try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA, batches), groupBy, calls(),
                    AggregateMode.COMPLETE, names(), small)) {
                assertSameRows(sortedLists(Drain.of(agg).rows, true), expected);
                assertThat(agg.spills()).isGreaterThan(1);
            } finally {
                small.close();
            }
        }
        assertThat(spillDir).isEmptyDirectory();
    }
}
