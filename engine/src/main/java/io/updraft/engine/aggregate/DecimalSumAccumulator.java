package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;

/**
 * Exact decimal sum at the result's scale: a long per group while it fits, a BigInteger once it does
 * not. The final result is null when it needs more digits than the result precision (Spark non-ANSI);
 * a partial state keeps any value up to 38 digits so that FINAL decides.
 */
final class DecimalSumAccumulator extends Accumulator {
    private final DecimalType type;
    private long[] sums = new long[16];
    private BigInteger[] big = new BigInteger[16];
    private boolean[] seen = new boolean[16];

    DecimalSumAccumulator(DecimalType type) {
        this.type = type;
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(type);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (sums.length < groupCount) {
            int size = grow(sums.length, groupCount);
            sums = Arrays.copyOf(sums, size);
            big = Arrays.copyOf(big, size);
            seen = Arrays.copyOf(seen, size);
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf data = argument.getDataBuffer();
        int inputScale = ((DecimalVector) argument).getScale();
        boolean sameScale = inputScale == type.scale();
        long[] s = sums;
        boolean[] f = seen;
        if (sameScale && ((DecimalVector) argument).getPrecision() <= 18) {
            updateCompact(data, validity, groupIds, n);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int g = groupIds[i];
            f[g] = true;
            if (sameScale && big[g] == null && Decimals.fitsLong(data, i)) {
                long v = Decimals.low(data, i);
                long before = s[g];
                long after = before + v;
                if (((before ^ after) & (v ^ after)) >= 0) {
                    s[g] = after;
                    continue;
                }
            }
            BigInteger value = sameScale ? Decimals.unscaled(data, i)
                    : Decimals.big(data, i, inputScale).setScale(type.scale(), RoundingMode.HALF_UP).unscaledValue();
            big[g] = value(g).add(value);
        }
    }

    /**
     * Input of precision at most 18 at the sum's scale: each value is its slot's low word. A group's long sum that
     * would overflow moves to its BigInteger, which then takes every later value of that group.
     */
    private void updateCompact(ArrowBuf data, ArrowBuf validity, int[] groupIds, int n) {
        long[] s = sums;
        boolean[] f = seen;
        BigInteger[] b = big;
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int g = groupIds[i];
            f[g] = true;
            long v = data.getLong((long) i << 4);
            long before = s[g];
            long after = before + v;
            if (b[g] == null && ((before ^ after) & (v ^ after)) >= 0) {
                s[g] = after;
            } else {
                b[g] = value(g).add(BigInteger.valueOf(v));
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        update(state[0], groupIds, n);
    }

    boolean seen(int group) {
        return seen[group];
    }

    /** The unscaled sum of a group, at the result scale. */
    BigInteger value(int group) {
        return big[group] != null ? big[group] : BigInteger.valueOf(sums[group]);
    }

    /** The sum as a long when it fits, else {@code Long.MIN_VALUE}. */
    long longValue(int group) {
        return big[group] == null ? sums[group] : Long.MIN_VALUE;
    }

    int scale() {
        return type.scale();
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        write(from, count, out[0], DecimalType.MAX_PRECISION);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        write(from, count, out, type.precision());
    }

    private void write(int from, int count, FieldVector out, int precision) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < count; i++) {
            int g = from + i;
            if (!seen[g]) {
                continue;
            }
            if (big[g] == null) {
                if (Decimals.fits(sums[g], precision)) {
                    Decimals.setLong(data, i, sums[g]);
                    Bits.set(validity, i);
                }
            } else if (Decimals.fits(big[g], precision)) {
                Decimals.setUnscaled(data, i, big[g]);
                Bits.set(validity, i);
            }
        }
    }

    BigDecimal decimal(int group) {
        return new BigDecimal(value(group), type.scale());
    }
}
