package io.updraft.engine.aggregate;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.Percentiles;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.Arrays;
import java.util.List;

/**
 * percentile(x, p [, frequency]) and median: the exact percentile of the double values, as Spark's Percentile. The
 * state counts each distinct value ({@link GroupValueCounts}); a row adds its frequency (1 without one; rows with a
 * null value or frequency, or frequency 0, are skipped; a negative frequency fails the query). At the end the
 * distinct values are sorted, the position {@code p · (n - 1)} is found in the running counts, and the two values
 * around it are interpolated linearly. Null for a group without values. Not thread-safe.
 */
final class PercentileAccumulator extends Accumulator {
    private final Percentiles percentiles;
    private final GroupValueCounts counts = new GroupValueCounts(PhysicalKind.FLOAT64);

    PercentileAccumulator(Percentiles percentiles) {
        this.percentiles = percentiles;
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(new ArrayType(DataTypes.DoubleType, false), AggregateCall.COUNTS_STATE_TYPE);
    }

    @Override
    public void ensureGroups(int groupCount) {
        counts.ensure(groupCount);
    }

    @Override
    public long heapBytes() {
        return counts.heapBytes();
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        update(argument, null, groupIds, n);
    }

    @Override
    public void update(FieldVector argument, FieldVector frequency, int[] groupIds, int n) {
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf frequencyValidity = frequency == null ? null : frequency.getValidityBuffer();
        ArrowBuf frequencyData = frequency == null ? null : frequency.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            long times = 1;
            if (frequency != null) {
                if (!Bits.get(frequencyValidity, i)) {
                    continue;
                }
                times = frequencyData.getLong((long) i << 3);
                if (times < 0) {
                    throw UpdraftException.user("percentile's frequency must not be negative, got " + times);
                }
                if (times == 0) {
                    continue;
                }
            }
            counts.add(groupIds[i], argument, i, times);
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        counts.merge(state, groupIds, n);
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        counts.writeState(from, count, out[0], out[1]);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        double[][] rows = new double[count][];
        for (int i = 0; i < count; i++) {
            rows[i] = percentiles(from + i);
        }
        if (percentiles.array()) {
            DoubleResults.writeLists(out, rows);
            return;
        }
        for (int i = 0; i < count; i++) {
            if (rows[i] != null) {
                DoubleResults.set(out, i, rows[i][0]);
            }
        }
    }

    /** The group's percentiles, or null without values. */
    private double[] percentiles(int g) {
        int size = counts.size(g);
        if (size == 0) {
            return null;
        }
        Integer[] order = new Integer[size];
        double[] values = new double[size];
        for (int k = 0; k < size; k++) {
            order[k] = k;
            values[k] = Double.longBitsToDouble(counts.low(g, k));
        }
        Arrays.sort(order, (a, b) -> HeapValues.compareDoubles(values[a], values[b]));
        double[] sorted = new double[size];
        long[] accumulated = new long[size];
        long total = 0;
        for (int k = 0; k < size; k++) {
            sorted[k] = values[order[k]];
            total += counts.count(g, order[k]);
            accumulated[k] = total;
        }
        long maxPosition = total - 1;
        double[] out = new double[percentiles.percentages().size()];
        for (int p = 0; p < out.length; p++) {
            out[p] = percentile(sorted, accumulated, maxPosition * percentiles.percentages().get(p));
        }
        return out;
    }

    /** The value at {@code position} (0-based) of the sorted multiset, interpolating between neighbours. */
    private static double percentile(double[] sorted, long[] accumulated, double position) {
        long lower = (long) Math.floor(position);
        long higher = (long) Math.ceil(position);
        double lowerValue = sorted[indexOf(accumulated, lower + 1)];
        if (higher == lower) {
            return lowerValue;
        }
        double higherValue = sorted[indexOf(accumulated, higher + 1)];
        if (higherValue == lowerValue) {
            return lowerValue;
        }
        return (higher - position) * lowerValue + (position - lower) * higherValue;
    }

    /** The first index whose running count reaches {@code count}. */
    private static int indexOf(long[] accumulated, long count) {
        int i = Arrays.binarySearch(accumulated, count);
        return i < 0 ? -(i + 1) : i;
    }
}
