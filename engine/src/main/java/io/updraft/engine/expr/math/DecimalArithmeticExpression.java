package io.updraft.engine.expr.math;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.value.ValueErrors;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * Exact decimal arithmetic: the exact result rounded HALF_UP to the result scale; as Spark 4 in its default ANSI
 * mode, a result with more digits than the result precision raises [NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION]
 * and division or modulo by zero [DIVIDE_BY_ZERO] / [REMAINDER_BY_ZERO] (rows with a null operand are null).
 * Rows whose operands and intermediate values fit in a long take a long path; the rest use BigDecimal.
 * Addition, subtraction and multiplication run a loop per operator over the low words: an operand of precision
 * at most 18 fits a long by its type (its high word is never read), a wider one is checked row by row, and a row
 * whose operand or exact result does not fit a long goes through the general per-row path.
 */
public final class DecimalArithmeticExpression extends VectorExpression {
    private final ArithmeticOp op;
    private final VectorExpression left;
    private final VectorExpression right;
    private final int s1;
    private final int s2;
    /** Whether an operand may hold values beyond a long (precision above 18): its high word is then checked. */
    private final boolean leftWide;
    private final boolean rightWide;
    private final int precision;
    private final int scale;

    public DecimalArithmeticExpression(ArithmeticOp op, VectorExpression left, VectorExpression right, DecimalType result,
                                BufferAllocator allocator) {
        super(result, allocator);
        this.op = op;
        this.left = left;
        this.right = right;
        this.s1 = ((DecimalType) left.type()).scale();
        this.s2 = ((DecimalType) right.type()).scale();
        this.leftWide = ((DecimalType) left.type()).precision() > 18;
        this.rightWide = ((DecimalType) right.type()).precision() > 18;
        this.precision = result.precision();
        this.scale = result.scale();
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(left, right);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector l = left.evaluate(batch);
        FieldVector r = null;
        FieldVector out = null;
        try {
            r = right.evaluate(batch);
            out = newResult(n);
            ArrowBuf validity = out.getValidityBuffer();
            Bits.and(l.getValidityBuffer(), r.getValidityBuffer(), validity, n);
            ArrowBuf a = l.getDataBuffer();
            ArrowBuf b = r.getDataBuffer();
            ArrowBuf o = out.getDataBuffer();
            int common = Math.max(s1, s2);
            if ((op == ArithmeticOp.ADD || op == ArithmeticOp.SUBTRACT) && common - Math.min(s1, s2) <= 18) {
                addLongs(a, b, o, validity, n, common);
            } else if (op == ArithmeticOp.MULTIPLY) {
                multiplyLongs(a, b, o, validity, n);
            } else {
                general(a, b, o, validity, n);
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            release(left, l);
            release(right, r);
        }
    }

    /** Whether row {@code i}'s operands fit a long: always for an operand of precision at most 18. */
    private boolean bothLong(ArrowBuf a, ArrowBuf b, long at, long x, long y) {
        return (!leftWide || a.getLong(at + 8) == (x >> 63)) && (!rightWide || b.getLong(at + 8) == (y >> 63));
    }

    /** x +/- y at the common scale, each side multiplied up by its constant power of ten with overflow checks. */
    private void addLongs(ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n, int common) {
        long ka = Decimals.pow10(common - s1);
        long kb = Decimals.pow10(common - s2);
        boolean subtract = op == ArithmeticOp.SUBTRACT;
        boolean rescaleResult = common != scale;
        long bound = precision >= 19 ? Long.MAX_VALUE : Decimals.pow10(precision);
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            long at = (long) i << 4;
            long x = a.getLong(at);
            long y = b.getLong(at);
            if (bothLong(a, b, at, x, y)) {
                long xs = x * ka;
                long ys = y * kb;
                if ((ka == 1 || Math.multiplyHigh(x, ka) == (xs >> 63))
                        && (kb == 1 || Math.multiplyHigh(y, kb) == (ys >> 63)) && ys != Long.MIN_VALUE) {
                    if (subtract) {
                        ys = -ys;
                    }
                    long sum = xs + ys;
                    if (((xs ^ sum) & (ys ^ sum)) >= 0 && !rescaleResult && sum < bound && sum > -bound) {
                        o.setLong(at, sum);
                        o.setLong(at + 8, sum >> 63);
                        continue;
                    }
                }
            }
            row(a, b, o, i, x, y, at);
        }
    }

    /** x * y: the exact 128-bit product of two longs is checked with multiplyHigh. */
    private void multiplyLongs(ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n) {
        boolean rescaleResult = s1 + s2 != scale;
        long bound = precision >= 19 ? Long.MAX_VALUE : Decimals.pow10(precision);
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            long at = (long) i << 4;
            long x = a.getLong(at);
            long y = b.getLong(at);
            if (bothLong(a, b, at, x, y)) {
                long lo = x * y;
                if (Math.multiplyHigh(x, y) == (lo >> 63) && !rescaleResult && lo < bound && lo > -bound) {
                    o.setLong(at, lo);
                    o.setLong(at + 8, lo >> 63);
                    continue;
                }
            }
            row(a, b, o, i, x, y, at);
        }
    }

    /** One row by the general path: the long path when both operands fit a long, else BigDecimal. */
    private void row(ArrowBuf a, ArrowBuf b, ArrowBuf o, int i, long x, long y, long at) {
        int state = a.getLong(at + 8) == (x >> 63) && b.getLong(at + 8) == (y >> 63) ? fast(x, y, o, i) : SLOW;
        if (state == SLOW) {
            slow(Decimals.big(a, i, s1), Decimals.big(b, i, s2), o, i);
        }
    }

    private void general(ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n) {
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                long at = (long) i << 4;
                row(a, b, o, i, a.getLong(at), b.getLong(at), at);
            }
        }
    }

    private static final int DONE = 0;
    private static final int SLOW = 2;

    private int fast(long x, long y, ArrowBuf out, int i) {
        long result;
        switch (op) {
            case ADD, SUBTRACT -> {
                int common = Math.max(s1, s2);
                long a = Decimals.rescale(x, s1, common);
                long b = Decimals.rescale(y, s2, common);
                if (a == Long.MIN_VALUE || b == Long.MIN_VALUE) {
                    return SLOW;
                }
                if (op == ArithmeticOp.SUBTRACT) {
                    b = -b;
                }
                long sum = a + b;
                if (((a ^ sum) & (b ^ sum)) < 0) {
                    return SLOW;
                }
                result = Decimals.rescale(sum, common, scale);
            }
            case MULTIPLY -> {
                long hi = Math.multiplyHigh(x, y);
                long lo = x * y;
                if (hi != (lo >> 63)) {
                    return SLOW;
                }
                result = Decimals.rescale(lo, s1 + s2, scale);
            }
            case DIVIDE -> {
                if (y == 0) {
                    throw ValueErrors.divideByZero();
                }
                int e = scale - s1 + s2;
                if (e < 0 || y == Long.MIN_VALUE) {
                    return SLOW;
                }
                long numerator = Decimals.rescale(x, 0, e);
                if (numerator == Long.MIN_VALUE) {
                    return SLOW;
                }
                result = Decimals.divideHalfUp(numerator, y);
            }
            case MOD -> {
                if (y == 0) {
                    throw ValueErrors.remainderByZero();
                }
                int common = Math.max(s1, s2);
                long a = Decimals.rescale(x, s1, common);
                long b = Decimals.rescale(y, s2, common);
                if (a == Long.MIN_VALUE || b == Long.MIN_VALUE) {
                    return SLOW;
                }
                result = Decimals.rescale(a % b, common, scale);
            }
            default -> throw new IllegalStateException("unexpected " + op);
        }
        if (result == Long.MIN_VALUE) {
            return SLOW;
        }
        if (!Decimals.fits(result, precision)) {
            throw ValueErrors.decimalOutOfRange(BigDecimal.valueOf(result, scale), precision, scale);
        }
        Decimals.setLong(out, i, result);
        return DONE;
    }

    private void slow(BigDecimal x, BigDecimal y, ArrowBuf out, int i) {
        BigDecimal exact = switch (op) {
            case ADD -> x.add(y);
            case SUBTRACT -> x.subtract(y);
            case MULTIPLY -> x.multiply(y);
            case DIVIDE -> {
                if (y.signum() == 0) {
                    throw ValueErrors.divideByZero();
                }
                yield x.divide(y, scale, RoundingMode.HALF_UP);
            }
            case MOD -> {
                if (y.signum() == 0) {
                    throw ValueErrors.remainderByZero();
                }
                yield x.remainder(y);
            }
        };
        BigDecimal fitted = Decimals.fit(exact, precision, scale);
        if (fitted == null) {
            throw ValueErrors.decimalOutOfRange(exact.setScale(scale, RoundingMode.HALF_UP), precision, scale);
        }
        Decimals.setBig(out, i, fitted);
    }
}
