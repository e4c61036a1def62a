package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.util.DecimalUtility;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Unscaled decimal values in Arrow's 16-byte little-endian two's complement layout. Values whose high
 * word is the sign extension of the low word fit in a long: kernels use that fast path and fall back
 * to BigDecimal for the rest. All rounding is HALF_UP, as Spark.
 */
public final class Decimals {
    public static final int WIDTH = 16;
    private static final long[] POW10 = new long[19];
    private static final BigInteger[] BIG_POW10 = new BigInteger[77];

    static {
        long p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
        for (int i = 0; i < BIG_POW10.length; i++) {
            BIG_POW10[i] = BigInteger.TEN.pow(i);
        }
    }

    private Decimals() {
    }

    /** 10^n for 0 <= n <= 18. */
    public static long pow10(int n) {
        return POW10[n];
    }

    public static BigInteger bigPow10(int n) {
        return BIG_POW10[n];
    }

    public static boolean fitsLong(ArrowBuf buf, int i) {
        long offset = (long) i * WIDTH;
        long lo = buf.getLong(offset);
        return buf.getLong(offset + 8) == (lo >> 63);
    }

    /** The low 64 bits; the value itself when {@link #fitsLong}. */
    public static long low(ArrowBuf buf, int i) {
        return buf.getLong((long) i * WIDTH);
    }

    public static BigDecimal big(ArrowBuf buf, int i, int scale) {
        return DecimalUtility.getBigDecimalFromArrowBuf(buf, i, scale, WIDTH);
    }

    public static BigInteger unscaled(ArrowBuf buf, int i) {
        long offset = (long) i * WIDTH;
        long lo = buf.getLong(offset);
        long hi = buf.getLong(offset + 8);
        if (hi == (lo >> 63)) {
            return BigInteger.valueOf(lo);
        }
        return BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    }

    public static void setLong(ArrowBuf buf, int i, long unscaled) {
        long offset = (long) i * WIDTH;
        buf.setLong(offset, unscaled);
        buf.setLong(offset + 8, unscaled >> 63);
    }

    /** Writes the unscaled value of {@code value}, which must already have the vector's scale and fit 128 bits. */
    public static void setBig(ArrowBuf buf, int i, BigDecimal value) {
        setUnscaled(buf, i, value.unscaledValue());
    }

    public static void setUnscaled(ArrowBuf buf, int i, BigInteger unscaled) {
        if (unscaled.bitLength() < 64) {
            setLong(buf, i, unscaled.longValue());
            return;
        }
        long offset = (long) i * WIDTH;
        buf.setLong(offset, unscaled.longValue());
        buf.setLong(offset + 8, unscaled.shiftRight(64).longValue());
    }

    /** Whether an unscaled long has at most {@code precision} digits. */
    public static boolean fits(long unscaled, int precision) {
        if (precision >= 19) {
            return true;
        }
        long bound = POW10[precision];
        return unscaled < bound && unscaled > -bound;
    }

    public static boolean fits(BigInteger unscaled, int precision) {
        return unscaled.abs().compareTo(BIG_POW10[precision]) < 0;
    }

    /**
     * {@code value} rescaled HALF_UP to {@code scale}, or null when it then has more than
     * {@code precision} digits (Spark's non-ANSI overflow).
     */
    public static BigDecimal fit(BigDecimal value, int precision, int scale) {
        return io.updraft.core.value.Casts.fitDecimal(value, precision, scale);
    }

    /** n / d rounded HALF_UP (away from zero on ties); d != 0 and d != Long.MIN_VALUE. */
    public static long divideHalfUp(long n, long d) {
        long q = n / d;
        long r = n % d;
        if (r != 0) {
            long absR = Math.abs(r);
            long absD = Math.abs(d);
            if (absR >= absD - absR) {
                q += ((n ^ d) < 0) ? -1 : 1;
            }
        }
        return q;
    }

    /**
     * Rescales an unscaled long from scale {@code from} to scale {@code to} (HALF_UP when reducing).
     * Returns {@code Long.MIN_VALUE} as an overflow marker (callers then take the BigDecimal path).
     */
    public static long rescale(long unscaled, int from, int to) {
        if (from == to) {
            return unscaled;
        }
        if (to > from) {
            int k = to - from;
            if (k > 18) {
                return unscaled == 0 ? 0 : Long.MIN_VALUE;
            }
            long hi = Math.multiplyHigh(unscaled, POW10[k]);
            long lo = unscaled * POW10[k];
            if (hi != (lo >> 63)) {
                return Long.MIN_VALUE;
            }
            return lo;
        }
        int k = from - to;
        if (k > 18) {
            return 0;
        }
        return divideHalfUp(unscaled, POW10[k]);
    }
}
