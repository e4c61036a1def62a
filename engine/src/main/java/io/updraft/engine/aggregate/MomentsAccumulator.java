package io.updraft.engine.aggregate;

import io.updraft.core.plan.AggregateFunction;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

import java.util.Arrays;
import java.util.List;

/**
 * stddev_samp, stddev_pop, var_samp, var_pop over any numeric input (as double). State [n, mean, m2], all
 * doubles: values are added one at a time with Welford's update, partial states merged with the parallel
 * formula (Chan et al.), as Spark's central-moment aggregates. Results follow Spark 3.1+ (non-legacy):
 * null without values; the sample variants are null for a single value too.
 */
final class MomentsAccumulator extends Accumulator {
    private static final double[] POWERS_OF_TEN = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = p;
            p *= 10;
        }
    }

    private final AggregateFunction function;
    private double[] counts = new double[16];
    private double[] means = new double[16];
    private double[] m2s = new double[16];

    MomentsAccumulator(AggregateFunction function) {
        this.function = function;
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(DataTypes.DoubleType, DataTypes.DoubleType, DataTypes.DoubleType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (counts.length < groupCount) {
            int size = grow(counts.length, groupCount);
            counts = Arrays.copyOf(counts, size);
            means = Arrays.copyOf(means, size);
            m2s = Arrays.copyOf(m2s, size);
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf data = argument.getDataBuffer();
        PhysicalKind kind = Vectors.kindOf(argument);
        int scale = argument instanceof DecimalVector d ? d.getScale() : 0;
        // a long below 2^53 over an exact power of ten (<= 1e22) is a correctly rounded division
        boolean exactDivision = scale < POWERS_OF_TEN.length;
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            double x = switch (kind) {
                case INT32 -> data.getInt((long) i << 2);
                case INT64 -> data.getLong((long) i << 3);
                case DECIMAL -> exactDivision && Decimals.fitsLong(data, i)
                        && Math.abs(Decimals.low(data, i)) < (1L << 53)
                        ? Decimals.low(data, i) / POWERS_OF_TEN[scale] : Decimals.big(data, i, scale).doubleValue();
                default -> data.getDouble((long) i << 3);
            };
            int g = groupIds[i];
            double count = counts[g] + 1;
            double delta = x - means[g];
            double deltaN = delta / count;
            means[g] += deltaN;
            m2s[g] += delta * (delta - deltaN);
            counts[g] = count;
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        ArrowBuf nValid = state[0].getValidityBuffer();
        ArrowBuf nData = state[0].getDataBuffer();
        ArrowBuf meanData = state[1].getDataBuffer();
        ArrowBuf m2Data = state[2].getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(nValid, i)) {
                continue;
            }
            double n2 = nData.getDouble((long) i << 3);
            if (n2 == 0) {
                continue;
            }
            int g = groupIds[i];
            double n1 = counts[g];
            double total = n1 + n2;
            double delta = meanData.getDouble((long) i << 3) - means[g];
            double deltaN = delta / total;
            means[g] += deltaN * n2;
            m2s[g] += m2Data.getDouble((long) i << 3) + delta * deltaN * n1 * n2;
            counts[g] = total;
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        ArrowBuf[] data = {out[0].getDataBuffer(), out[1].getDataBuffer(), out[2].getDataBuffer()};
        for (FieldVector v : out) {
            Bits.setAll(v.getValidityBuffer(), count);
        }
        for (int i = 0; i < count; i++) {
            data[0].setDouble((long) i << 3, counts[from + i]);
            data[1].setDouble((long) i << 3, means[from + i]);
            data[2].setDouble((long) i << 3, m2s[from + i]);
        }
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < count; i++) {
            int g = from + i;
            double n = counts[g];
            double value;
            switch (function) {
                case VAR_POP, STDDEV_POP -> {
                    if (n == 0) {
                        continue;
                    }
                    value = m2s[g] / n;
                }
                default -> {
                    if (n <= 1) {
                        continue;
                    }
                    value = m2s[g] / (n - 1);
                }
            }
            if (function == AggregateFunction.STDDEV_POP || function == AggregateFunction.STDDEV_SAMP) {
                value = Math.sqrt(value);
            }
            data.setDouble((long) i << 3, value);
            Bits.set(validity, i);
        }
    }
}
