package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;

/**
 * avg: state [sum, count] where sum is double (non-decimal input) or decimal(min(38, p+10), s); result
 * sum / count — for decimals rounded HALF_UP to the result scale, null if it does not fit; null when
 * the count is 0.
 */
final class AverageAccumulator extends Accumulator {
    private final Accumulator sum;
    private final DataType resultType;
    private long[] counts = new long[16];

    AverageAccumulator(Accumulator sum, DataType resultType) {
        this.sum = sum;
        this.resultType = resultType;
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(sum.stateTypes().get(0), DataTypes.LongType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        sum.ensureGroups(groupCount);
        if (counts.length < groupCount) {
            counts = Arrays.copyOf(counts, grow(counts.length, groupCount));
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        sum.update(argument, groupIds, n);
        ArrowBuf validity = argument.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                counts[groupIds[i]]++;
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        sum.merge(new FieldVector[] {state[0]}, groupIds, n);
        ArrowBuf validity = state[1].getValidityBuffer();
        ArrowBuf data = state[1].getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                counts[groupIds[i]] += data.getLong((long) i << 3);
            }
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        sum.writeState(from, count, new FieldVector[] {out[0]});
        ArrowBuf data = out[1].getDataBuffer();
        Bits.setAll(out[1].getValidityBuffer(), count);
        for (int i = 0; i < count; i++) {
            data.setLong((long) i << 3, counts[from + i]);
        }
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < count; i++) {
            int g = from + i;
            long n = counts[g];
            if (n == 0) {
                continue;
            }
            if (sum instanceof DoubleSumAccumulator doubles) {
                if (doubles.seen(g)) {
                    data.setDouble((long) i << 3, doubles.sum(g) / n);
                    Bits.set(validity, i);
                }
            } else {
                DecimalSumAccumulator decimals = (DecimalSumAccumulator) sum;
                if (decimals.seen(g) && writeDecimalAverage(decimals, g, n, data, i)) {
                    Bits.set(validity, i);
                }
            }
        }
    }

    private boolean writeDecimalAverage(DecimalSumAccumulator decimals, int g, long n, ArrowBuf data, int i) {
        DecimalType result = (DecimalType) resultType;
        long value = decimals.longValue(g);
        if (value != Long.MIN_VALUE) {
            long numerator = Decimals.rescale(value, decimals.scale(), result.scale());
            if (numerator != Long.MIN_VALUE && result.scale() >= decimals.scale()) {
                long average = Decimals.divideHalfUp(numerator, n);
                if (!Decimals.fits(average, result.precision())) {
                    return false;
                }
                Decimals.setLong(data, i, average);
                return true;
            }
        }
        BigDecimal average = decimals.decimal(g).divide(BigDecimal.valueOf(n), result.scale(), RoundingMode.HALF_UP);
        BigDecimal fitted = Decimals.fit(average, result.precision(), result.scale());
        if (fitted == null) {
            return false;
        }
        Decimals.setBig(data, i, fitted);
        return true;
    }
}
