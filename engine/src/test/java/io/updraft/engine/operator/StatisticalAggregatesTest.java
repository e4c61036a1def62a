package io.updraft.engine.operator;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.Percentiles;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The statistical aggregates through HashAggregateOperator: COMPLETE and PARTIAL (two tasks) → FINAL agree, and
 * both agree with a direct Java computation (exactly for percentile, mode, max_by/min_by and percentile_approx on
 * small groups, where the summary keeps every value; within 1e-9 for the moments).
 */
class StatisticalAggregatesTest extends OperatorTestSupport {
    private static final DecimalType MONEY = new DecimalType(12, 2);
    private static final StructType SCHEMA = new StructType(List.of()).add("k", DataTypes.IntegerType)
            .add("x", DataTypes.DoubleType).add("y", DataTypes.DoubleType).add("s", DataTypes.StringType)
            .add("m", MONEY).add("f", DataTypes.LongType);

    private static List<AggregateCall> calls() {
        Expr x = col(1, DataTypes.DoubleType);
        Expr y = col(2, DataTypes.DoubleType);
        Expr s = col(3, DataTypes.StringType);
        Expr m = col(4, MONEY);
        Percentiles quartiles = new Percentiles(List.of(0.25, 0.5, 0.75), true, 0);
        return List.of(
                new AggregateCall(AggregateFunction.PERCENTILE, x, false,
                        AggregateCall.resultType(AggregateFunction.PERCENTILE, DataTypes.DoubleType, quartiles), false, 0,
                        null, quartiles),
                new AggregateCall(AggregateFunction.PERCENTILE, x, false, DataTypes.DoubleType, false, 0,
                        col(5, DataTypes.LongType), Percentiles.of(0.3)),
                new AggregateCall(AggregateFunction.PERCENTILE_APPROX, m, false, MONEY, false, 0, null,
                        Percentiles.of(0.5).withAccuracy(10000)),
                new AggregateCall(AggregateFunction.MODE, s, false, DataTypes.StringType),
                new AggregateCall(AggregateFunction.MAX_BY, s, false, DataTypes.StringType, false, 0, m, null),
                new AggregateCall(AggregateFunction.MIN_BY, m, false, MONEY, false, 0, x, null),
                new AggregateCall(AggregateFunction.CORR, x, false, DataTypes.DoubleType, false, 0, y, null),
                new AggregateCall(AggregateFunction.COVAR_POP, x, false, DataTypes.DoubleType, false, 0, y, null),
                new AggregateCall(AggregateFunction.COVAR_SAMP, x, false, DataTypes.DoubleType, false, 0, y, null),
                new AggregateCall(AggregateFunction.SKEWNESS, x, false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.KURTOSIS, x, false, DataTypes.DoubleType));
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i <= calls().size(); i++) {
            names.add("c" + i);
        }
        return names;
    }

    /** Distinct m values per group (so max_by/min_by have no ties), nulls everywhere. */
    private static Object[][] rows(Random random, int n, int groups) {
        String[] strings = {"a", "bb", "ü", "", "zz", null};
        Object[][] rows = new Object[n][];
        for (int r = 0; r < n; r++) {
            rows[r] = row(random.nextInt(groups), random.nextInt(8) == 0 ? null : (double) random.nextInt(50),
                    random.nextInt(8) == 0 ? null : random.nextGaussian() * 10,
                    strings[random.nextInt(strings.length)],
                    random.nextInt(10) == 0 ? null : BigDecimal.valueOf(r * 7L + 3, 2),
                    random.nextInt(6) == 0 ? null : (long) random.nextInt(4));
        }
        return rows;
    }

    private List<List<Object>> complete(Object[][] rows) {
        try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA, Arrays.copyOfRange(rows, 0, 700),
                Arrays.copyOfRange(rows, 700, rows.length)), List.of(col(0, DataTypes.IntegerType)), calls(),
                AggregateMode.COMPLETE, names(), context)) {
            return sorted(Drain.of(agg).rows);
        }
    }

    private List<List<Object>> partialThenFinal(Object[][] rows) {
        List<Batch> partials = new ArrayList<>();
        StructType partialSchema = null;
        for (Object[][] part : List.of(Arrays.copyOfRange(rows, 0, 900), Arrays.copyOfRange(rows, 900, rows.length))) {
            try (HashAggregateOperator partial = new HashAggregateOperator(input(SCHEMA, part),
                    List.of(col(0, DataTypes.IntegerType)), calls(), AggregateMode.PARTIAL, names(), context)) {
                partialSchema = partial.schema();
                Batch b;
                while ((b = partial.next()) != null) {
                    partials.add(b);
                }
            }
        }
        try (HashAggregateOperator fin = new HashAggregateOperator(new ListOperator(partialSchema, partials),
                List.of(col(0, DataTypes.IntegerType)), calls(), AggregateMode.FINAL, names(), context)) {
            return sorted(Drain.of(fin).rows);
        }
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(r -> (Integer) r.get(0)));
        return copy;
    }

    @Test
    void partialThenFinalEqualsCompleteEqualsJava() {
        Object[][] rows = rows(new Random(11), 2000, 7);
        List<List<Object>> complete = complete(rows);
        List<List<Object>> merged = partialThenFinal(rows);
        assertThat(merged).hasSize(7);
        for (int g = 0; g < 7; g++) {
            List<Object[]> group = new ArrayList<>();
            for (Object[] r : rows) {
                if ((Integer) r[0] == g) {
                    group.add(r);
                }
            }
            for (List<Object> actual : List.of(complete.get(g), merged.get(g))) {
                assertThat(actual.get(1)).isEqualTo(percentiles(group, List.of(0.25, 0.5, 0.75), false));
                assertThat(actual.get(2)).isEqualTo(percentiles(group, List.of(0.3), true).get(0));
                assertThat(actual.get(3)).isEqualTo(lowerMedianOfMoney(group));
                assertThat(actual.get(4)).isEqualTo(mode(group));
                assertThat(actual.get(5)).isEqualTo(extremeBy(group, 4, 3, true));
                assertThat(actual.get(6)).isEqualTo(extremeBy(group, 1, 4, false));
                double[] moments = moments(group);
                assertThat((Double) actual.get(7)).isCloseTo(moments[0], within(1e-9));
                assertThat((Double) actual.get(8)).isCloseTo(moments[1], within(1e-6));
                assertThat((Double) actual.get(9)).isCloseTo(moments[2], within(1e-6));
                assertThat((Double) actual.get(10)).isCloseTo(moments[3], within(1e-9));
                assertThat((Double) actual.get(11)).isCloseTo(moments[4], within(1e-9));
            }
        }
    }

    @Test
    void emptyInputWithoutKeysIsNullEverywhere() {
        try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA, new Object[0][]), List.of(),
                calls(), AggregateMode.COMPLETE, names().subList(1, names().size()), context)) {
            List<Object> row = Drain.of(agg).rows.get(0);
            assertThat(row).containsOnlyNulls();
        }
    }

    /** Spark's percentile: position p · (n - 1) in the sorted multiset, interpolated. */
    private static List<Double> percentiles(List<Object[]> group, List<Double> ps, boolean weighted) {
        List<Double> values = new ArrayList<>();
        for (Object[] r : group) {
            if (r[1] == null || weighted && r[5] == null) {
                continue;
            }
            long times = weighted ? (Long) r[5] : 1;
            for (long t = 0; t < times; t++) {
                values.add((Double) r[1]);
            }
        }
        values.sort(null);
        List<Double> out = new ArrayList<>();
        for (double p : ps) {
            double position = (values.size() - 1) * p;
            int lower = (int) Math.floor(position);
            int higher = (int) Math.ceil(position);
            double lo = values.get(lower);
            double hi = values.get(higher);
            out.add(lower == higher || lo == hi ? lo : (higher - position) * lo + (position - lower) * hi);
        }
        return out;
    }

    /** percentile_approx on a summary that kept every value: the value of rank ceil(0.5 · n). */
    private static BigDecimal lowerMedianOfMoney(List<Object[]> group) {
        List<BigDecimal> values = new ArrayList<>();
        for (Object[] r : group) {
            if (r[4] != null) {
                values.add((BigDecimal) r[4]);
            }
        }
        values.sort(null);
        return values.get((int) Math.ceil(0.5 * values.size()) - 1);
    }

    /** The most frequent string, the smallest (by UTF-8 bytes) of equally frequent ones. */
    private static String mode(List<Object[]> group) {
        Map<String, Integer> counts = new HashMap<>();
        for (Object[] r : group) {
            if (r[3] != null) {
                counts.merge((String) r[3], 1, Integer::sum);
            }
        }
        TreeMap<String, Integer> ordered = new TreeMap<>((a, b) -> Arrays.compareUnsigned(
                a.getBytes(java.nio.charset.StandardCharsets.UTF_8), b.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        ordered.putAll(counts);
        String best = null;
        for (Map.Entry<String, Integer> e : ordered.entrySet()) {
            if (best == null || e.getValue() > ordered.get(best)) {
                best = e.getKey();
            }
        }
        return best;
    }

    /** The value (column v) at the largest or smallest ordering (column o), the last row winning ties. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object extremeBy(List<Object[]> group, int o, int v, boolean max) {
        Comparable best = null;
        Object value = null;
        for (Object[] r : group) {
            Comparable ordering = (Comparable) r[o];
            if (ordering == null) {
                continue;
            }
            int c = best == null ? 0 : ordering.compareTo(best);
            if (best == null || (max ? c >= 0 : c <= 0)) {
                best = ordering;
                value = r[v];
            }
        }
        return value;
    }

    /** corr, covar_pop, covar_samp of (x, y) pairs; skewness and kurtosis of x, two-pass. */
    private static double[] moments(List<Object[]> group) {
        List<double[]> pairs = new ArrayList<>();
        List<Double> xs = new ArrayList<>();
        for (Object[] r : group) {
            if (r[1] != null) {
                xs.add((Double) r[1]);
                if (r[2] != null) {
                    pairs.add(new double[] {(Double) r[1], (Double) r[2]});
                }
            }
        }
        double mx = pairs.stream().mapToDouble(p -> p[0]).average().orElseThrow();
        double my = pairs.stream().mapToDouble(p -> p[1]).average().orElseThrow();
        double ck = 0;
        double sx = 0;
        double sy = 0;
        for (double[] p : pairs) {
            ck += (p[0] - mx) * (p[1] - my);
            sx += (p[0] - mx) * (p[0] - mx);
            sy += (p[1] - my) * (p[1] - my);
        }
        int n = pairs.size();
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double m2 = 0;
        double m3 = 0;
        double m4 = 0;
        for (double x : xs) {
            double d = x - mean;
            m2 += d * d;
            m3 += d * d * d;
            m4 += d * d * d * d;
        }
        int k = xs.size();
        return new double[] {ck / Math.sqrt(sx * sy), ck / n, ck / (n - 1), Math.sqrt(k) * m3 / Math.sqrt(m2 * m2 * m2),
                k * m4 / (m2 * m2) - 3.0};
    }
}
