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
 * stddev_samp, stddev_pop, var_samp, var_pop, skewness and kurtosis over any numeric input (as double). State
 * [n, mean, m2] (skewness adds m3, kurtosis m3 and m4), all doubles: values are added one at a time with
 * Spark's online update of the central moments (Meng, "Simpler Online Updates for Arbitrary-Order Central
 * Moments"), partial states merged with the parallel formulas (Chan et al., Pébay), in the order of Spark's
 * CentralMomentAgg expressions so results agree to the last bit. Results follow Spark 3.1+ (non-legacy): null
 * without values; the sample variants are null for a single value too; skewness and kurtosis are null when
 * every value is equal (m2 = 0).
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
    /** The highest central moment kept: 2, 3 (skewness) or 4 (kurtosis). */
    private final int order;
    private double[] counts = new double[16];
    private double[] means = new double[16];
    private double[] m2s = new double[16];
    private double[] m3s;
    private double[] m4s;

    MomentsAccumulator(AggregateFunction function) {
        this.function = function;
        this.order = function == AggregateFunction.KURTOSIS ? 4 : function == AggregateFunction.SKEWNESS ? 3 : 2;
        if (order >= 3) {
            m3s = new double[16];
        }
        if (order >= 4) {
            m4s = new double[16];
        }
    }

    @Override
    public List<DataType> stateTypes() {
        return java.util.Collections.nCopies(order + 1, DataTypes.DoubleType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (counts.length < groupCount) {
            int size = grow(counts.length, groupCount);
            counts = Arrays.copyOf(counts, size);
            means = Arrays.copyOf(means, size);
            m2s = Arrays.copyOf(m2s, size);
            if (m3s != null) {
                m3s = Arrays.copyOf(m3s, size);
            }
            if (m4s != null) {
                m4s = Arrays.copyOf(m4s, size);
            }
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
            double m2 = m2s[g] + delta * (delta - deltaN);
            m2s[g] = m2;
            counts[g] = count;
            if (order >= 3) {
                double delta2 = delta * delta;
                double deltaN2 = deltaN * deltaN;
                double m3 = m3s[g] - 3.0 * deltaN * m2 + delta * (delta2 - deltaN2);
                m3s[g] = m3;
                if (order >= 4) {
                    m4s[g] = m4s[g] - 4.0 * deltaN * m3 - 6.0 * deltaN2 * m2
                            + delta * (delta * delta2 - deltaN * deltaN2);
                }
            }
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
            double m2Left = m2s[g];
            double m2Right = m2Data.getDouble((long) i << 3);
            m2s[g] = m2Left + m2Right + delta * deltaN * n1 * n2;
            counts[g] = total;
            if (order >= 3) {
                double m3Left = m3s[g];
                double m3Right = state[3].getDataBuffer().getDouble((long) i << 3);
                m3s[g] = m3Left + m3Right + deltaN * deltaN * delta * n1 * n2 * (n1 - n2)
                        + 3.0 * deltaN * (n1 * m2Right - n2 * m2Left);
                if (order >= 4) {
                    double m4Right = state[4].getDataBuffer().getDouble((long) i << 3);
                    m4s[g] = m4s[g] + m4Right
                            + deltaN * deltaN * deltaN * delta * n1 * n2 * (n1 * n1 - n1 * n2 + n2 * n2)
                            + 6.0 * deltaN * deltaN * (n1 * n1 * m2Right + n2 * n2 * m2Left)
                            + 4.0 * deltaN * (n1 * m3Right - n2 * m3Left);
                }
            }
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        ArrowBuf[] data = new ArrowBuf[out.length];
        for (int s = 0; s < out.length; s++) {
            data[s] = out[s].getDataBuffer();
            Bits.setAll(out[s].getValidityBuffer(), count);
        }
        for (int i = 0; i < count; i++) {
            data[0].setDouble((long) i << 3, counts[from + i]);
            data[1].setDouble((long) i << 3, means[from + i]);
            data[2].setDouble((long) i << 3, m2s[from + i]);
            if (order >= 3) {
                data[3].setDouble((long) i << 3, m3s[from + i]);
            }
            if (order >= 4) {
                data[4].setDouble((long) i << 3, m4s[from + i]);
            }
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
                case SKEWNESS, KURTOSIS -> {
                    double m2 = m2s[g];
                    if (n == 0 || m2 == 0) {
                        continue;
                    }
                    value = function == AggregateFunction.SKEWNESS ? Math.sqrt(n) * m3s[g] / Math.sqrt(m2 * m2 * m2)
                            : n * m4s[g] / (m2 * m2) - 3.0;
                }
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
