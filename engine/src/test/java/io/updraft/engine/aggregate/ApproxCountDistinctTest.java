package io.updraft.engine.aggregate;

import io.updraft.core.plan.AggregateCall;
import io.updraft.engine.testing.TestBatches;
import io.updraft.engine.vector.XxHash64;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import io.updraft.engine.ArrowTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * XXH64 and HyperLogLog++ against values computed with Spark 4.2.0's own classes (catalyst's {@code XXH64} and
 * {@code HyperLogLogPlusPlusHelper}, run once outside this build over the same inputs: longs v·7919 + 13 for
 * v in [0, n)).
 */
class ApproxCountDistinctTest {
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    @Test
    void xxHash64MatchesSparksXxh64WithSeed42() {
        assertThat(XxHash64.hashInt(0, 42)).isEqualTo(3614696996920510707L);
        assertThat(XxHash64.hashInt(-7, 42)).isEqualTo(4987848727247274714L);
        assertThat(XxHash64.hashLong(1234567890123L, 42)).isEqualTo(1687537368341330389L);
        String[] texts = {"", "a", "abc", "héllo wörld", "0123456789abcdef0123456789abcdefXYZ!"};
        long[] spark = {-7444071767201028348L, -8582455328737087284L, 1423657621850124518L, 7620070002295215535L,
                -6465505447103453613L};
        for (int i = 0; i < texts.length; i++) {
            byte[] b = texts[i].getBytes(StandardCharsets.UTF_8);
            assertThat(XxHash64.hashBytes(b, 0, b.length, 42)).as(texts[i]).isEqualTo(spark[i]);
        }
        // an int and a long hash as their little-endian bytes
        assertThat(XxHash64.hashInt(0x04030201, 42)).isEqualTo(XxHash64.hashBytes(new byte[] {1, 2, 3, 4}, 0, 4, 42));
        assertThat(XxHash64.hashLong(0x0807060504030201L, 42))
                .isEqualTo(XxHash64.hashBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 0, 8, 42));
    }

    private long estimate(double rsd, int n) {
        ApproxCountDistinctAccumulator acc = new ApproxCountDistinctAccumulator(DataTypes.LongType,
                AggregateCall.hllPrecision(rsd));
        acc.ensureGroups(1);
        int batch = 8192;
        for (int from = 0; from < n; from += batch) {
            int count = Math.min(batch, n - from);
            Object[] values = new Object[count];
            for (int i = 0; i < count; i++) {
                values[i] = (long) (from + i) * 7919L + 13;
            }
            try (FieldVector v = TestBatches.column(allocator, "x", DataTypes.LongType, values)) {
                acc.update(v, new int[count], count);
            }
        }
        try (FieldVector out = ArrowTypes.newVector("r", DataTypes.LongType, allocator)) {
            ((BigIntVector) out).allocateNew(1);
            acc.writeResult(0, 1, out);
            out.setValueCount(1);
            return ((BigIntVector) out).get(0);
        }
    }

    @Test
    void estimatesEqualSparksOutsideTheBiasCorrectedRange() {
        int[] ns = {1, 5, 50, 300, 500, 700, 1000, 1500, 2000, 2500, 3000, 5000, 20000, 100000, 1000000};
        long[] p9 = {1, 5, 50, 315, 518, 747, 1004, 1656, 2189, 2648, 3158, 5592, 19820, 95190, 938265};
        long[] p14 = {1, 5, 50, 301, 499, 695, 994, 1502, 2003, 2502, 3003, 5024, 19924, 100825, 1007499};
        check(0.05, ns, p9);
        check(0.01, ns, p14);
    }

    /**
     * Ours is identical to Spark's except where Spark subtracts the paper's empirical bias from a raw estimate
     * between 2.5m and 5m (we have no bias tables): there ours must be within 1% of Spark's and within 4
     * standard errors of the true count.
     */
    private void check(double rsd, int[] ns, long[] spark) {
        int p = AggregateCall.hllPrecision(rsd);
        int m = 1 << p;
        int corrected = 0;
        for (int i = 0; i < ns.length; i++) {
            long ours = estimate(rsd, ns[i]);
            if (spark[i] <= 2.5 * m || spark[i] >= 5L * m) {
                assertThat(ours).as("n=%d p=%d", ns[i], p).isEqualTo(spark[i]);
            } else {
                corrected++;
                assertThat((double) Math.abs(ours - spark[i])).as("n=%d p=%d ours=%d", ns[i], p, ours)
                        .isLessThanOrEqualTo(0.01 * spark[i]);
                assertThat((double) Math.abs(ours - ns[i])).as("n=%d p=%d ours=%d", ns[i], p, ours)
                        .isLessThanOrEqualTo(4 * 1.04 / Math.sqrt(m) * ns[i]);
            }
        }
        assertThat(corrected).as("cases in the bias-corrected range").isLessThan(ns.length / 2);
    }

    @Test
    void mergedSketchesEqualOneSketchOverEverything() {
        int p = AggregateCall.hllPrecision(0.05);
        ApproxCountDistinctAccumulator whole = new ApproxCountDistinctAccumulator(DataTypes.StringType, p);
        ApproxCountDistinctAccumulator a = new ApproxCountDistinctAccumulator(DataTypes.StringType, p);
        ApproxCountDistinctAccumulator b = new ApproxCountDistinctAccumulator(DataTypes.StringType, p);
        ApproxCountDistinctAccumulator merged = new ApproxCountDistinctAccumulator(DataTypes.StringType, p);
        Object[] values = new Object[3000];
        int[] groups = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7 == 0 ? null : "v" + (i % 1700);
            groups[i] = i % 2;
        }
        for (ApproxCountDistinctAccumulator acc : new ApproxCountDistinctAccumulator[] {whole, a, b, merged}) {
            acc.ensureGroups(2);
        }
        try (FieldVector v = TestBatches.column(allocator, "x", DataTypes.StringType, values);
             FieldVector first = TestBatches.column(allocator, "x", DataTypes.StringType,
                     Arrays.copyOfRange(values, 0, 1000));
             FieldVector rest = TestBatches.column(allocator, "x", DataTypes.StringType,
                     Arrays.copyOfRange(values, 1000, 3000))) {
            whole.update(v, groups, values.length);
            a.update(first, groups, 1000);
            b.update(rest, Arrays.copyOfRange(groups, 1000, 3000), 2000);
        }
        for (ApproxCountDistinctAccumulator partial : new ApproxCountDistinctAccumulator[] {a, b}) {
            try (ListVector state = (ListVector) ArrowTypes.newVector("s", AggregateCall.HLL_STATE_TYPE, allocator)) {
                partial.writeState(0, 2, new FieldVector[] {state});
                assertThat(state.getElementEndIndex(1) - state.getElementStartIndex(1)).isEqualTo(52);
                merged.merge(new FieldVector[] {state}, new int[] {0, 1}, 2);
            }
        }
        assertThat(Arrays.toString(results(merged))).isEqualTo(Arrays.toString(results(whole)));
        long[] exact = {0, 0};
        for (int g = 0; g < 2; g++) {
            java.util.Set<Object> distinct = new java.util.HashSet<>();
            for (int i = g; i < values.length; i += 2) {
                if (values[i] != null) {
                    distinct.add(values[i]);
                }
            }
            exact[g] = distinct.size();
        }
        long[] estimates = results(whole);
        for (int g = 0; g < 2; g++) {
            assertThat((double) Math.abs(estimates[g] - exact[g])).isLessThanOrEqualTo(0.05 * 3 * exact[g]);
        }
    }

    @Test
    void everyInputTypeHashesAndEmptyGroupsAreZero() {
        DataType[] types = {DataTypes.IntegerType, DataTypes.DoubleType, new DecimalType(10, 2),
                new DecimalType(30, 2), DataTypes.BooleanType, DataTypes.DateType, DataTypes.TimestampType};
        Object[][] values = {{1, 2, 2, 3}, {1.5, -0.0, 0.0, Double.NaN}, {new BigDecimal("1.00"), new BigDecimal("2.50"),
                new BigDecimal("2.50"), new BigDecimal("-3.25")}, {new BigDecimal("1.00"),
                new BigDecimal("123456789012345678901234.50"), new BigDecimal("123456789012345678901234.50"),
                new BigDecimal("-3.25")}, {true, false, true, false}, {1, 2, 2, 3}, {1L, 2L, 2L, 3L}};
        long[] distinct = {3, 3, 3, 3, 2, 3, 3};
        for (int t = 0; t < types.length; t++) {
            ApproxCountDistinctAccumulator acc = new ApproxCountDistinctAccumulator(types[t], 9);
            acc.ensureGroups(2);
            try (FieldVector v = TestBatches.column(allocator, "x", types[t], values[t])) {
                acc.update(v, new int[4], 4);
            }
            assertThat(results(acc)).as(types[t].simpleString()).containsExactly(distinct[t], 0L);
        }
    }

    private long[] results(ApproxCountDistinctAccumulator acc) {
        try (BigIntVector out = new BigIntVector("r", allocator)) {
            out.allocateNew(2);
            acc.writeResult(0, 2, out);
            out.setValueCount(2);
            return new long[] {out.get(0), out.get(1)};
        }
    }
}
