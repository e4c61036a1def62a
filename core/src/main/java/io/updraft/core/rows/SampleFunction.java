package io.updraft.core.rows;

import io.updraft.core.typed.PartitionFunction;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Seeded sampling of each partition's rows, as Spark's {@code SampleExec} and {@code sampleBy}: a
 * {@link XorShiftRandom} seeded with {@code seed + partition index} draws one double per input row, in row order.
 * Without replacement a row is kept when the draw falls in [{@code lowerBound}, {@code upperBound}) (Spark's
 * {@code BernoulliCellSampler}; {@code randomSplit} gives each split its own range of one draw sequence, so the
 * splits are disjoint and cover the rows); with replacement a row is repeated a Poisson({@code upperBound}) number
 * of times (Knuth's method over the same generator: not Spark's draws); with {@code fractions} (sampleBy) the
 * bound is the fraction of the row's value in column {@code stratumColumn}, 0 for a value not listed.
 * Immutable; lazy.
 */
public record SampleFunction(double lowerBound, double upperBound, boolean withReplacement, long seed,
                             int stratumColumn, HashMap<Object, Double> fractions) implements PartitionFunction {
    public SampleFunction {
        fractions = fractions == null ? null : new HashMap<>(fractions);
    }

    /** Rows kept with probability ub - lb, as one cell [lb, ub) of the draws. */
    public static SampleFunction bernoulli(double lowerBound, double upperBound, long seed) {
        return new SampleFunction(lowerBound, upperBound, false, seed, -1, null);
    }

    /** Each row repeated Poisson(fraction) times. */
    public static SampleFunction poisson(double fraction, long seed) {
        return new SampleFunction(0, fraction, true, seed, -1, null);
    }

    /** Rows kept with the fraction of their stratum (sampleBy). */
    public static SampleFunction stratified(int column, Map<?, Double> fractions, long seed) {
        return new SampleFunction(0, 0, false, seed, column, new HashMap<>(fractions));
    }

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        return apply(input, inputSchema, 0);
    }

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema, int partition) {
        XorShiftRandom random = new XorShiftRandom(seed + partition);
        return new Iterator<>() {
            private Row row;
            private int copies;

            @Override
            public boolean hasNext() {
                while (copies == 0) {
                    if (!input.hasNext()) {
                        return false;
                    }
                    row = input.next();
                    copies = draw(random, row);
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                copies--;
                return row;
            }
        };
    }

    private int draw(XorShiftRandom random, Row row) {
        if (withReplacement) {
            return poisson(random, upperBound);
        }
        double x = random.nextDouble();
        if (fractions != null) {
            Double fraction = fractions.get(row.get(stratumColumn));
            return x < (fraction == null ? 0.0 : fraction) ? 1 : 0;
        }
        return x >= lowerBound && x < upperBound ? 1 : 0;
    }

    private static int poisson(XorShiftRandom random, double mean) {
        if (mean <= 0) {
            return 0;
        }
        double limit = Math.exp(-mean);
        int k = 0;
        double p = random.nextDouble();
        while (p > limit) {
            k++;
            p *= random.nextDouble();
        }
        return k;
    }
}
