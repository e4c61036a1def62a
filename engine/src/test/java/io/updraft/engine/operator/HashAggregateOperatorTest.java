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
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class HashAggregateOperatorTest extends OperatorTestSupport {
    private static final DecimalType PRICE = new DecimalType(15, 2);
    private static final StructType SCHEMA = new StructType(List.of())
            .add("flag", DataTypes.StringType).add("qty", DataTypes.IntegerType).add("price", PRICE)
            .add("x", DataTypes.DoubleType).add("day", DataTypes.DateType);

    private static AggregateCall call(AggregateFunction f, int column, DataType type) {
        ColumnRef arg = column < 0 ? null : new ColumnRef(column, type, true);
        return new AggregateCall(f, arg, false, AggregateCall.resultType(f, type));
    }

    private static List<AggregateCall> everyAggregate() {
        return List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType),
                call(AggregateFunction.COUNT, 2, PRICE),
                call(AggregateFunction.SUM, 1, DataTypes.IntegerType),
                call(AggregateFunction.SUM, 2, PRICE),
                call(AggregateFunction.SUM, 3, DataTypes.DoubleType),
                call(AggregateFunction.AVG, 1, DataTypes.IntegerType),
                call(AggregateFunction.AVG, 2, PRICE),
                call(AggregateFunction.MIN, 2, PRICE),
                call(AggregateFunction.MAX, 0, DataTypes.StringType),
                call(AggregateFunction.MIN, 4, DataTypes.DateType),
                call(AggregateFunction.MAX, 3, DataTypes.DoubleType));
    }

    private static List<String> names(int keys, int aggregates) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < keys + aggregates; i++) {
            names.add("c" + i);
        }
        return names;
    }

    private Object[][][] randomBatches(long seed, int batches) {
        Random random = new Random(seed);
        Object[][][] result = new Object[batches][][];
        String[] flags = {"A", "N", "R", "ü", null};
        for (int b = 0; b < batches; b++) {
            result[b] = new Object[random.nextInt(200) + 1][];
            for (int r = 0; r < result[b].length; r++) {
                result[b][r] = row(flags[random.nextInt(flags.length)],
                        random.nextInt(8) == 0 ? null : random.nextInt(100) - 20,
                        random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextInt(1_000_000) - 1000, 2),
                        random.nextInt(8) == 0 ? null : random.nextInt(1000) / 8.0,
                        random.nextInt(8) == 0 ? null : random.nextInt(3000));
            }
        }
        return result;
    }

    private List<List<Object>> complete(List<Expr> groupBy, List<AggregateCall> calls, Object[][][] batches) {
        try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA, batches), groupBy, calls,
                AggregateMode.COMPLETE, names(groupBy.size(), calls.size()), context)) {
            return sorted(Drain.of(agg).rows);
        }
    }

    /** Two PARTIAL tasks over halves of the input, their outputs concatenated into one FINAL. */
    private List<List<Object>> partialThenFinal(List<Expr> groupBy, List<AggregateCall> calls, Object[][][] batches) {
        int half = batches.length / 2;
        List<String> names = names(groupBy.size(), calls.size());
        List<Batch> partials = new ArrayList<>();
        StructType partialSchema = null;
        for (Object[][][] part : List.of(Arrays.copyOfRange(batches, 0, half),
                Arrays.copyOfRange(batches, half, batches.length))) {
            HashAggregateOperator partial = new HashAggregateOperator(input(SCHEMA, part), groupBy, calls,
                    AggregateMode.PARTIAL, names, context);
            partialSchema = partial.schema();
            Batch b;
            while ((b = partial.next()) != null) {
                partials.add(b);
            }
            partial.close();
        }
        List<Expr> keyRefs = new ArrayList<>();
        for (int k = 0; k < groupBy.size(); k++) {
            keyRefs.add(new ColumnRef(k, groupBy.get(k).dataType(), true));
        }
        try (HashAggregateOperator fin = new HashAggregateOperator(new ListOperator(partialSchema, partials), keyRefs,
                calls, AggregateMode.FINAL, names, context)) {
            return sorted(Drain.of(fin).rows);
        }
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(Object::toString));
        return copy;
    }

    @Test
    void partialThenFinalEqualsComplete() {
        Object[][][] batches = randomBatches(7, 12);
        List<Expr> groupBy = List.of(col(0, DataTypes.StringType), col(4, DataTypes.DateType));
        List<List<Object>> complete = complete(groupBy, everyAggregate(), batches);
        assertThat(complete).hasSizeGreaterThan(100);
        assertThat(partialThenFinal(groupBy, everyAggregate(), batches)).isEqualTo(complete);
    }

    @Test
    void globalPartialThenFinalEqualsComplete() {
        Object[][][] batches = randomBatches(11, 6);
        List<List<Object>> complete = complete(List.of(), everyAggregate(), batches);
        assertThat(complete).hasSize(1);
        assertThat(partialThenFinal(List.of(), everyAggregate(), batches)).isEqualTo(complete);
    }

    @Test
    void computesEveryFunctionPerGroup() {
        Object[][] rows = {
                row("A", 1, new BigDecimal("1.10"), 1.0, 10),
                row("A", 2, new BigDecimal("2.21"), null, 5),
                row("A", null, null, 3.0, null),
                row("B", null, null, null, null),
                row(null, 4, new BigDecimal("0.01"), Double.NaN, 1)};
        List<Expr> groupBy = List.of(col(0, DataTypes.StringType));
        List<List<Object>> result = complete(groupBy, everyAggregate(), new Object[][][] {rows});
        assertThat(result).containsExactly(
                List.of("A", 3L, 2L, 3L, new BigDecimal("3.31"), 4.0, 1.5, new BigDecimal("1.655000"),
                        new BigDecimal("1.10"), "A", 5, 3.0),
                Arrays.asList("B", 1L, 0L, null, null, null, null, null, null, "B", null, null),
                Arrays.asList(null, 1L, 1L, 4L, new BigDecimal("0.01"), Double.NaN, 4.0, new BigDecimal("0.010000"),
                        new BigDecimal("0.01"), null, 1, Double.NaN));
    }

    @Test
    void decimalAverageRoundsHalfUp() {
        Object[][] rows = {row("A", 1, new BigDecimal("0.01"), null, null), row("A", 1, new BigDecimal("0.00"), null,
                null), row("A", 1, new BigDecimal("0.00"), null, null)};
        List<List<Object>> result = complete(List.of(), List.of(call(AggregateFunction.AVG, 2, PRICE)),
                new Object[][][] {rows, {row("A", 1, new BigDecimal("0.01"), null, null),
                        row("A", 1, new BigDecimal("0.01"), null, null), row("A", 1, new BigDecimal("0.01"), null, null)}});
        // 0.04 / 6 = 0.0066666.. -> 0.006667
        assertThat(result).containsExactly(List.of(new BigDecimal("0.006667")));
    }

    @Test
    void globalAggregationOfEmptyInputYieldsOneRow() {
        List<List<Object>> result = complete(List.of(), everyAggregate(), new Object[0][][]);
        assertThat(result).containsExactly(Arrays.asList(0L, 0L, null, null, null, null, null, null, null, null, null));
        List<List<Object>> viaPartial = partialThenFinal(List.of(), everyAggregate(), new Object[0][][]);
        assertThat(viaPartial).isEqualTo(result);
    }

    @Test
    void partialWithoutKeysEmitsOneStateRowEvenForEmptyInput() {
        List<AggregateCall> calls = List.of(call(AggregateFunction.AVG, 2, PRICE),
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType));
        try (HashAggregateOperator partial = new HashAggregateOperator(input(SCHEMA), List.of(), calls,
                AggregateMode.PARTIAL, List.of("a", "n"), context)) {
            assertThat(partial.schema().simpleString()).isEqualTo("struct<a#0:decimal(25,2),a#1:bigint,n#0:bigint>");
            assertThat(Drain.of(partial).rows).containsExactly(Arrays.asList(null, 0L, 0L));
        }
    }

    @Test
    void groupedAggregationOfEmptyInputYieldsNothing() {
        assertThat(complete(List.of(col(0, DataTypes.StringType)), everyAggregate(), new Object[0][][])).isEmpty();
    }

    @Test
    void decimalSumsAreExactBeyondLongRange() {
        DecimalType wide = new DecimalType(38, 2);
        StructType schema = new StructType(List.of()).add("d", wide);
        BigDecimal big = new BigDecimal("90000000000000000.00");
        Object[][] rows = {row(big), row(big), row(big), row(new BigDecimal("-0.01"))};
        AggregateCall sum = new AggregateCall(AggregateFunction.SUM, new ColumnRef(0, wide, true), false,
                AggregateCall.resultType(AggregateFunction.SUM, wide));
        try (HashAggregateOperator agg = new HashAggregateOperator(input(schema, rows), List.of(), List.of(sum),
                AggregateMode.COMPLETE, List.of("s"), context)) {
            assertThat(Drain.of(agg).rows).containsExactly(List.of(new BigDecimal("269999999999999999.99")));
        }
    }

    @Test
    void sumOverflowingTheResultPrecisionIsNull() {
        DecimalType wide = new DecimalType(38, 0);
        StructType schema = new StructType(List.of()).add("d", wide);
        BigDecimal max = new BigDecimal("99999999999999999999999999999999999999");
        AggregateCall sum = new AggregateCall(AggregateFunction.SUM, new ColumnRef(0, wide, true), false, wide);
        try (HashAggregateOperator agg = new HashAggregateOperator(input(schema, new Object[][] {row(max), row(max)}),
                List.of(), List.of(sum), AggregateMode.COMPLETE, List.of("s"), context)) {
            assertThat(Drain.of(agg).rows).containsExactly(Arrays.asList((Object) null));
        }
    }

    @Test
    void manyGroupsComeOutInBatches() {
        StructType schema = new StructType(List.of()).add("k", DataTypes.LongType);
        Object[][] rows = new Object[5000][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row((long) (i % 2500));
        }
        context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS, "1000"));
        try (HashAggregateOperator agg = new HashAggregateOperator(input(schema, rows),
                List.of(col(0, DataTypes.LongType)),
                List.of(new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType)),
                AggregateMode.COMPLETE, List.of("k", "n"), context)) {
            Drain result = Drain.of(agg);
            assertThat(result.batchSizes).containsExactly(1000, 1000, 500);
            assertThat(result.rows).allSatisfy(r -> assertThat(r.get(1)).isEqualTo(2L));
            assertThat(result.rows.get(0).get(0)).isEqualTo(0L);
            assertThat(result.rows.stream().map(r -> r.get(0)).distinct().count()).isEqualTo(2500);
        }
    }

    private static List<AggregateCall> statisticalAggregates() {
        ColumnRef qty = new ColumnRef(1, DataTypes.IntegerType, true);
        ColumnRef price = new ColumnRef(2, PRICE, true);
        ColumnRef x = new ColumnRef(3, DataTypes.DoubleType, true);
        ColumnRef flag = new ColumnRef(0, DataTypes.StringType, true);
        return List.of(
                new AggregateCall(AggregateFunction.STDDEV_SAMP, qty, false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.STDDEV_POP, price, false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.VAR_SAMP, x, false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.VAR_POP, qty, false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.FIRST, flag, false, DataTypes.StringType),
                new AggregateCall(AggregateFunction.LAST, price, false, PRICE, true),
                new AggregateCall(AggregateFunction.FIRST, x, false, DataTypes.DoubleType, true));
    }

    @Test
    void statisticalAggregatesFollowSpark() {
        Object[][] rows = {
                row("A", 1, new BigDecimal("1.00"), 2.0, 1),
                row("A", 2, null, null, 1),
                row("A", 3, new BigDecimal("3.00"), 4.0, 1),
                row("A", 4, null, 9.0, 1),
                row("B", 7, new BigDecimal("5.00"), null, 2),
                row("C", null, null, null, 3)};
        List<AggregateCall> calls = statisticalAggregates();
        List<List<Object>> result = complete(List.of(col(4, DataTypes.DateType)), calls, new Object[][][] {rows});
        assertThat(result).hasSize(3);
        List<Object> a = result.get(0);
        assertThat((Double) a.get(1)).isCloseTo(Math.sqrt(5.0 / 3), org.assertj.core.data.Offset.offset(1e-12));
        assertThat((Double) a.get(2)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat((Double) a.get(3)).isCloseTo(13.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat((Double) a.get(4)).isCloseTo(1.25, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(a.subList(5, 8)).containsExactly("A", new BigDecimal("3.00"), 2.0);
        // one value: the sample variants are null (Spark 3.1+), the population ones 0
        assertThat(result.get(1)).containsExactly(2, null, 0.0, null, 0.0, "B", new BigDecimal("5.00"), null);
        // no value at all: null everywhere; FIRST without ignoreNulls takes the first row's value
        assertThat(result.get(2)).containsExactly(3, null, null, null, null, "C", null, null);
    }

    @Test
    void statisticalPartialThenFinalEqualsComplete() {
        Object[][][] batches = randomBatches(5, 10);
        List<Expr> groupBy = List.of(col(0, DataTypes.StringType));
        List<List<Object>> complete = complete(groupBy, statisticalAggregates(), batches);
        List<List<Object>> merged = partialThenFinal(groupBy, statisticalAggregates(), batches);
        assertThat(merged).hasSameSizeAs(complete);
        for (int r = 0; r < complete.size(); r++) {
            for (int c = 0; c < complete.get(r).size(); c++) {
                Object expected = complete.get(r).get(c);
                Object actual = merged.get(r).get(c);
                if (expected instanceof Double d && c <= 4) {
                    assertThat((Double) actual).isCloseTo(d, org.assertj.core.data.Offset.offset(1e-9 * Math.abs(d)));
                } else {
                    assertThat(actual).as("row " + r + " column " + c).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void spillsPartitionsAndStillAggregatesExactly(@org.junit.jupiter.api.io.TempDir java.nio.file.Path spillDir) {
        Random random = new Random(17);
        StructType schema = new StructType(List.of()).add("k", DataTypes.StringType).add("v", DataTypes.LongType);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 80_000; i++) {
            rows.add(row(random.nextInt(50) == 0 ? null : "group-" + random.nextInt(30_000), (long) random.nextInt(1000)));
        }
        List<Object[][]> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += 2000) {
            batches.add(rows.subList(from, from + 2000).toArray(Object[][]::new));
        }
        ColumnRef v = new ColumnRef(1, DataTypes.LongType, true);
        List<AggregateCall> calls = List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.SUM, v, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.MAX, v, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.VAR_POP, v, false, DataTypes.DoubleType));
        List<Expr> groupBy = List.of(col(0, DataTypes.StringType));
        List<String> names = names(1, calls.size());
        List<List<Object>> expected;
        try (HashAggregateOperator agg = new HashAggregateOperator(input(schema, batches.toArray(Object[][][]::new)),
                groupBy, calls, AggregateMode.COMPLETE, names, context)) {
            expected = sorted(Drain.of(agg).rows);
            assertThat(agg.spills()).isZero();
        }
        try (var limited = allocator.newChildAllocator("agg", 0, 1L << 20)) {
            var small = new ExecutionContext(limited, Map.of(ExecutionContext.SPILL_DIR, spillDir.toString()));
            try (HashAggregateOperator agg = new HashAggregateOperator(input(schema,
                    batches.toArray(Object[][][]::new)), groupBy, calls, AggregateMode.COMPLETE, names, small)) {
                List<List<Object>> actual = sorted(Drain.of(agg).rows);
                assertThat(actual).hasSameSizeAs(expected);
                for (int r = 0; r < expected.size(); r++) {
                    assertThat(actual.get(r).subList(0, 4)).isEqualTo(expected.get(r).subList(0, 4));
                    assertThat((Double) actual.get(r).get(4)).isCloseTo((Double) expected.get(r).get(4),
                            org.assertj.core.data.Offset.offset(1e-6));
                }
                assertThat(agg.spills()).isGreaterThan(1);
                assertThat(small.metrics().spills()).isEqualTo(agg.spills());
            } finally {
                small.close();
            }
        }
        assertThat(spillDir).isEmptyDirectory();
    }

    /** A bigint key (the primitive one-key table) spills and re-aggregates exactly: a Java model is the oracle. */
    @Test
    void oneBigintKeySpillsAndMatchesAModel(@org.junit.jupiter.api.io.TempDir java.nio.file.Path spillDir) {
        Random random = new Random(23);
        StructType schema = new StructType(List.of()).add("k", DataTypes.LongType).add("v", DataTypes.LongType);
        long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L};
        List<Object[]> rows = new ArrayList<>();
        Map<Long, long[]> model = new java.util.HashMap<>();   // key -> count, sum
        for (int i = 0; i < 80_000; i++) {
            int pick = random.nextInt(60);
            Long k = pick == 0 ? null : pick == 1 ? special[random.nextInt(special.length)]
                    : (long) (random.nextInt(30_000) - 15_000) << 33;
            long v = random.nextInt(1000);
            rows.add(row(k, v));
            long[] state = model.computeIfAbsent(k, x -> new long[2]);
            state[0]++;
            state[1] += v;
        }
        List<Object[][]> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += 2000) {
            batches.add(rows.subList(from, from + 2000).toArray(Object[][]::new));
        }
        ColumnRef v = new ColumnRef(1, DataTypes.LongType, true);
        List<AggregateCall> calls = List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.SUM, v, false, DataTypes.LongType));
        List<List<Object>> expected = new ArrayList<>();
        model.forEach((k, state) -> expected.add(Arrays.asList(k, state[0], state[1])));
        try (var limited = allocator.newChildAllocator("agg", 0, 1L << 20)) {
            var small = new ExecutionContext(limited, Map.of(ExecutionContext.SPILL_DIR, spillDir.toString()));
            try (HashAggregateOperator agg = new HashAggregateOperator(input(schema,
                    batches.toArray(Object[][][]::new)), List.of(col(0, DataTypes.LongType)), calls,
                    AggregateMode.COMPLETE, names(1, calls.size()), small)) {
                assertThat(sorted(Drain.of(agg).rows)).isEqualTo(sorted(expected));
                assertThat(agg.spills()).isGreaterThan(1);
            } finally {
                small.close();
            }
        }
        assertThat(spillDir).isEmptyDirectory();
    }
}
