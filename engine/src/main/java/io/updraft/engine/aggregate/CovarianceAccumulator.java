package io.updraft.engine.aggregate;

import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.value.ValueErrors;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * covar_pop, covar_samp and corr of two double arguments; a row with a null in either is skipped. State
 * [n, xAvg, yAvg, ck] (corr adds xMk, yMk), updated and merged with the expressions of Spark's Covariance and
 * PearsonCorrelation in their order, so results agree to the last bit. Results as Spark 3.1+ (non-legacy): null
 * without rows; covar_samp and corr null for one row. corr of a constant column divides by zero: Spark's ANSI
 * mode raises [DIVIDE_BY_ZERO] there (reported by {@link #writeResult}). Not thread-safe.
 */
final class CovarianceAccumulator extends Accumulator {
    private final AggregateFunction function;
    private final boolean correlation;
    private double[] n = new double[16];
    private double[] xAvg = new double[16];
    private double[] yAvg = new double[16];
    private double[] ck = new double[16];
    private double[] xMk;
    private double[] yMk;

    CovarianceAccumulator(AggregateFunction function) {
        this.function = function;
        this.correlation = function == AggregateFunction.CORR;
        if (correlation) {
            xMk = new double[16];
            yMk = new double[16];
        }
    }

    @Override
    public List<DataType> stateTypes() {
        return Collections.nCopies(correlation ? 6 : 4, DataTypes.DoubleType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (n.length >= groupCount) {
            return;
        }
        int size = grow(n.length, groupCount);
        n = Arrays.copyOf(n, size);
        xAvg = Arrays.copyOf(xAvg, size);
        yAvg = Arrays.copyOf(yAvg, size);
        ck = Arrays.copyOf(ck, size);
        if (correlation) {
            xMk = Arrays.copyOf(xMk, size);
            yMk = Arrays.copyOf(yMk, size);
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int count) {
        throw new IllegalStateException(function + " needs its second argument");
    }

    @Override
    public void update(FieldVector xs, FieldVector ys, int[] groupIds, int count) {
        ArrowBuf xValid = xs.getValidityBuffer();
        ArrowBuf yValid = ys.getValidityBuffer();
        ArrowBuf xData = xs.getDataBuffer();
        ArrowBuf yData = ys.getDataBuffer();
        for (int i = 0; i < count; i++) {
            if (!Bits.get(xValid, i) || !Bits.get(yValid, i)) {
                continue;
            }
            double x = xData.getDouble((long) i << 3);
            double y = yData.getDouble((long) i << 3);
            int g = groupIds[i];
            double newN = n[g] + 1.0;
            double dx = x - xAvg[g];
            double dxN = dx / newN;
            double dy = y - yAvg[g];
            double dyN = dy / newN;
            double newXAvg = xAvg[g] + dxN;
            double newYAvg = yAvg[g] + dyN;
            ck[g] += dx * (y - newYAvg);
            if (correlation) {
                xMk[g] += dx * (x - newXAvg);
                yMk[g] += dy * (y - newYAvg);
            }
            n[g] = newN;
            xAvg[g] = newXAvg;
            yAvg[g] = newYAvg;
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int count) {
        ArrowBuf valid = state[0].getValidityBuffer();
        for (int i = 0; i < count; i++) {
            if (!Bits.get(valid, i)) {
                continue;
            }
            long at = (long) i << 3;
            int g = groupIds[i];
            double n1 = n[g];
            double n2 = state[0].getDataBuffer().getDouble(at);
            double newN = n1 + n2;
            double dx = state[1].getDataBuffer().getDouble(at) - xAvg[g];
            double dxN = newN == 0.0 ? 0.0 : dx / newN;
            double dy = state[2].getDataBuffer().getDouble(at) - yAvg[g];
            double dyN = newN == 0.0 ? 0.0 : dy / newN;
            xAvg[g] += dxN * n2;
            yAvg[g] += dyN * n2;
            ck[g] = ck[g] + state[3].getDataBuffer().getDouble(at) + dx * dyN * n1 * n2;
            if (correlation) {
                xMk[g] = xMk[g] + state[4].getDataBuffer().getDouble(at) + dx * dxN * n1 * n2;
                yMk[g] = yMk[g] + state[5].getDataBuffer().getDouble(at) + dy * dyN * n1 * n2;
            }
            n[g] = newN;
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        for (FieldVector v : out) {
            Bits.setAll(v.getValidityBuffer(), count);
        }
        for (int i = 0; i < count; i++) {
            int g = from + i;
            long at = (long) i << 3;
            out[0].getDataBuffer().setDouble(at, n[g]);
            out[1].getDataBuffer().setDouble(at, xAvg[g]);
            out[2].getDataBuffer().setDouble(at, yAvg[g]);
            out[3].getDataBuffer().setDouble(at, ck[g]);
            if (correlation) {
                out[4].getDataBuffer().setDouble(at, xMk[g]);
                out[5].getDataBuffer().setDouble(at, yMk[g]);
            }
        }
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < count; i++) {
            int g = from + i;
            double rows = n[g];
            if (rows == 0 || (rows == 1 && function != AggregateFunction.COVAR_POP)) {
                continue;
            }
            double value = switch (function) {
                case COVAR_POP -> ck[g] / rows;
                case COVAR_SAMP -> ck[g] / (rows - 1.0);
                default -> {
                    double denominator = Math.sqrt(xMk[g] * yMk[g]);
                    if (denominator == 0) {
                        throw ValueErrors.divideByZero();
                    }
                    yield ck[g] / denominator;
                }
            };
            data.setDouble((long) i << 3, value);
            Bits.set(validity, i);
        }
    }
}
