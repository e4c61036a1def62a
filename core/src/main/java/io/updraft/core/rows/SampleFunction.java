package io.updraft.core.rows;

import io.updraft.core.typed.PartitionFunction;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;
import org.apache.commons.math3.distribution.PoissonDistribution;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Seeded sampling of each partition's rows, as Spark's {@code SampleExec} and {@code sampleBy}. Without
 * replacement a {@link XorShiftRandom} seeded with {@code seed + partition index} draws one double per input row,
 * in row order, and a row is kept when the draw falls in [{@code lowerBound}, {@code upperBound}) (Spark's
 * {@code BernoulliCellSampler}; {@code randomSplit} gives each split its own range of one draw sequence, so the
 * splits are disjoint and cover the rows); with {@code fractions} (sampleBy) the bound is the fraction of the
 * row's value in column {@code stratumColumn}, 0 for a value not listed. With replacement (Spark's
 * {@code PartitionwiseSampledRDD} over a {@code PoissonSampler} without gap sampling) partition i's seed is the
 * (i + 1)-th {@code nextLong()} of a {@code java.util.Random(seed)}, and each row is repeated as many times as
 * one draw of commons-math3's {@link PoissonDistribution}({@code upperBound}) reseeded with it — Spark's draws for
 * every fraction. Immutable; lazy.
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
        XorShiftRandom random = withReplacement ? null : new XorShiftRandom(seed + partition);
        PoissonDistribution poisson = withReplacement ? poisson(upperBound, seed, partition) : null;
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
                    copies = poisson != null ? (upperBound > 0 ? poisson.sample() : 0) : draw(random, row);
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

    /**
     * Spark's per-partition Poisson sampler: partition {@code partition}'s seed is the ({@code partition} + 1)-th
     * {@code nextLong()} of {@code java.util.Random(seed)}; a fraction of 0 keeps no row (the mean 1 only satisfies
     * the distribution's constructor, as Spark).
     */
    static PoissonDistribution poisson(double fraction, long seed, int partition) {
        java.util.Random seeds = new java.util.Random(seed);
        long partitionSeed = seeds.nextLong();
        for (int i = 0; i < partition; i++) {
            partitionSeed = seeds.nextLong();
        }
        PoissonDistribution poisson = new PoissonDistribution(fraction > 0 ? fraction : 1.0);
        poisson.reseedRandomGenerator(partitionSeed);
        return poisson;
    }

    private int draw(XorShiftRandom random, Row row) {
        double x = random.nextDouble();
        if (fractions != null) {
            Double fraction = fractions.get(row.get(stratumColumn));
            return x < (fraction == null ? 0.0 : fraction) ? 1 : 0;
        }
        return x >= lowerBound && x < upperBound ? 1 : 0;
    }
}
