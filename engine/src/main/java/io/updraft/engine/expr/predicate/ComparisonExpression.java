package io.updraft.engine.expr.predicate;

import io.updraft.core.expr.CompareOp;
import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.LiteralExpression;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.FieldVector;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code left op right} over a batch. Each row's three-way comparison c in {-1, 0, 1} selects a bit of
 * a per-operator mask, so one loop per physical type serves all six operators. Doubles order as Spark:
 * NaN equals NaN and is above everything, -0.0 equals 0.0. Strings compare by unsigned UTF-8 bytes.
 */
public final class ComparisonExpression extends VectorExpression {
    private final CompareOp op;
    private final VectorExpression left;
    private final VectorExpression right;
    private final PhysicalKind kind;
    private final int mask;
    private final int leftScale;
    private final int rightScale;
    /** UTF-8 bytes of a non-null string literal on one side (compared without materializing it), or null. */
    private final byte[] constant;
    /** Whether {@link #constant} or {@link #decimalConstant} is the left operand (the comparison is then negated). */
    private final boolean constantOnLeft;
    /**
     * A non-null decimal literal on one side as an unscaled long at the other side's scale (exactly, and it fits), so
     * a row compares its 128-bit value with one long; false when there is none.
     */
    private final boolean hasDecimalConstant;
    private final long decimalConstant;
    /**
     * Whether every decimal operand has precision at most 18, so its value is the low word of its 16-byte slot (the
     * high word is only the sign extension and is not read).
     */
    private final boolean compactDecimals;

    public ComparisonExpression(CompareOp op, VectorExpression left, VectorExpression right, BufferAllocator allocator) {
        super(DataTypes.BooleanType, allocator);
        this.op = op;
        this.left = left;
        this.right = right;
        this.kind = Kernels.kind(left.type());
        this.mask = switch (op) {
            case LESS_THAN -> 0b001;
            case LESS_THAN_OR_EQUAL -> 0b011;
            case EQUAL, EQUAL_NULL_SAFE -> 0b010;
            case NOT_EQUAL -> 0b101;
            case GREATER_THAN -> 0b100;
            case GREATER_THAN_OR_EQUAL -> 0b110;
        };
        this.leftScale = left.type() instanceof DecimalType d ? d.scale() : 0;
        this.rightScale = right.type() instanceof DecimalType d ? d.scale() : 0;
        byte[] bytes = null;
        boolean onLeft = false;
        if (kind == PhysicalKind.UTF8 && op != CompareOp.EQUAL_NULL_SAFE) {
            if (right instanceof LiteralExpression lit && lit.value() instanceof String text) {
                bytes = text.getBytes(StandardCharsets.UTF_8);
            } else if (left instanceof LiteralExpression lit && lit.value() instanceof String text) {
                bytes = text.getBytes(StandardCharsets.UTF_8);
                onLeft = true;
            }
        }
        Long unscaled = null;
        if (kind == PhysicalKind.DECIMAL && op != CompareOp.EQUAL_NULL_SAFE) {
            if (right instanceof LiteralExpression lit && lit.value() instanceof java.math.BigDecimal d) {
                unscaled = exactUnscaled(d, leftScale);
            } else if (left instanceof LiteralExpression lit && lit.value() instanceof java.math.BigDecimal d) {
                unscaled = exactUnscaled(d, rightScale);
                onLeft = unscaled != null;
            }
        }
        this.constant = bytes;
        this.constantOnLeft = onLeft;
        this.hasDecimalConstant = unscaled != null;
        this.decimalConstant = unscaled == null ? 0 : unscaled;
        this.compactDecimals = kind == PhysicalKind.DECIMAL
                && (onLeft || precision(left) <= 18) && (hasDecimalConstant && !onLeft || precision(right) <= 18);
    }

    private static int precision(VectorExpression side) {
        return side.type() instanceof DecimalType d ? d.precision() : DecimalType.MAX_PRECISION;
    }

    /** {@code d}'s unscaled value at {@code scale} when that is exact and fits a long, else null. */
    private static Long exactUnscaled(java.math.BigDecimal d, int scale) {
        try {
            return d.setScale(scale, java.math.RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
        } catch (ArithmeticException inexactOrTooLarge) {
            return null;
        }
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(left, right);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        if (constant != null || hasDecimalConstant) {
            return evaluateAgainstConstant(batch);
        }
        int n = batch.rowCount();
        FieldVector l = left.evaluate(batch);
        FieldVector r = null;
        FieldVector out = null;
        try {
            r = right.evaluate(batch);
            out = newResult(n);
            ArrowBuf outBits = out.getDataBuffer();
            switch (kind) {
                case BOOLEAN -> compareBooleans(l.getDataBuffer(), r.getDataBuffer(), outBits, n);
                case INT32 -> compareInts(l.getDataBuffer(), r.getDataBuffer(), outBits, n);
                case INT64 -> compareLongs(l.getDataBuffer(), r.getDataBuffer(), outBits, n);
                case FLOAT64 -> compareDoubles(l.getDataBuffer(), r.getDataBuffer(), outBits, n);
                case DECIMAL -> compareDecimals(l.getDataBuffer(), r.getDataBuffer(), outBits, n);
                case UTF8 -> compareStrings(l, r, outBits, n);
                case NULL -> throw new IllegalStateException("null-typed comparison reached a kernel");
            }
            ArrowBuf lv = l.getValidityBuffer();
            ArrowBuf rv = r.getValidityBuffer();
            if (op == CompareOp.EQUAL_NULL_SAFE) {
                nullSafe(lv, rv, outBits, out.getValidityBuffer(), n);
            } else {
                Bits.and(lv, rv, out.getValidityBuffer(), n);
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

    /** A string or decimal column against a literal: null where the column is null. */
    private FieldVector evaluateAgainstConstant(Batch batch) {
        int n = batch.rowCount();
        VectorExpression side = constantOnLeft ? right : left;
        FieldVector v = side.evaluate(batch);
        FieldVector out = null;
        try {
            out = newResult(n);
            if (hasDecimalConstant) {
                compareDecimalsToConstant(v.getDataBuffer(), out.getDataBuffer(), n);
            } else {
                compareStringsToConstant(v, out.getDataBuffer(), n);
            }
            ArrowBuf validity = v.getValidityBuffer();
            Bits.and(validity, validity, out.getValidityBuffer(), n);
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            release(side, v);
        }
    }

    /**
     * Each 128-bit value against {@link #decimalConstant}: a value outside the long range is below or above it. With
     * {@link #compactDecimals} the low word is the value and the high word is not read.
     */
    private void compareDecimalsToConstant(ArrowBuf a, ArrowBuf out, int n) {
        int nbytes = Bits.bytesFor(n);
        // the constant on the left swaps the less and greater bits of the mask instead of negating each row
        int m = constantOnLeft ? (mask & 0b010) | ((mask & 1) << 2) | ((mask >>> 2) & 1) : mask;
        long k = decimalConstant;
        boolean compact = compactDecimals;
        long word = 0;
        for (int i = 0; i < n; i++) {
            long at = (long) i << 4;
            long low = a.getLong(at);
            int c;
            if (compact) {
                c = Long.compare(low, k);
            } else {
                long high = a.getLong(at + 8);
                c = high == (low >> 63) ? Long.compare(low, k) : high < 0 ? -1 : 1;
            }
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }

    private void compareStringsToConstant(FieldVector v, ArrowBuf out, int n) {
        ArrowBuf offsets = v.getOffsetBuffer();
        ArrowBuf data = v.getDataBuffer();
        byte[] k = constant;
        int klen = k.length;
        int nbytes = Bits.bytesFor(n);
        int m = mask;
        boolean equalityOnly = m == 0b010 || m == 0b101;
        int sign = constantOnLeft ? -1 : 1;
        long word = 0;
        for (int i = 0; i < n; i++) {
            long at = (long) i << 2;
            int start = offsets.getInt(at);
            int length = offsets.getInt(at + 4) - start;
            int c;
            if (equalityOnly) {
                c = length == klen && ByteFunctionHelpers.compare(data, start, start + length, k, 0, klen) == 0 ? 0 : 1;
            } else {
                c = sign * ByteFunctionHelpers.compare(data, start, start + length, k, 0, klen);
            }
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }

    /** Result true when both null, false when one is null, the equality bit otherwise; never null. */
    private static void nullSafe(ArrowBuf lv, ArrowBuf rv, ArrowBuf bits, ArrowBuf validity, int n) {
        int nbytes = Bits.bytesFor(n);
        for (int w = 0; w < Bits.words(n); w++) {
            long a = Bits.word(lv, w, nbytes);
            long b = Bits.word(rv, w, nbytes);
            long eq = Bits.word(bits, w, nbytes);
            Bits.storeWord(bits, w, (a & b & eq) | (~a & ~b), nbytes);
            Bits.storeWord(validity, w, -1L, nbytes);
        }
    }

    private void compareBooleans(ArrowBuf a, ArrowBuf b, ArrowBuf out, int n) {
        int nbytes = Bits.bytesFor(n);
        long m = mask;
        for (int w = 0; w < Bits.words(n); w++) {
            long x = Bits.word(a, w, nbytes);
            long y = Bits.word(b, w, nbytes);
            long lt = ~x & y;
            long gt = x & ~y;
            long eq = ~(x ^ y);
            long result = ((m & 1) != 0 ? lt : 0) | ((m & 2) != 0 ? eq : 0) | ((m & 4) != 0 ? gt : 0);
            Bits.storeWord(out, w, result, nbytes);
        }
    }

    private void compareInts(ArrowBuf a, ArrowBuf b, ArrowBuf out, int n) {
        int nbytes = Bits.bytesFor(n);
        int m = mask;
        long word = 0;
        for (int i = 0; i < n; i++) {
            long at = (long) i << 2;
            int c = Integer.compare(a.getInt(at), b.getInt(at));
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }

    private void compareLongs(ArrowBuf a, ArrowBuf b, ArrowBuf out, int n) {
        int nbytes = Bits.bytesFor(n);
        int m = mask;
        long word = 0;
        for (int i = 0; i < n; i++) {
            long at = (long) i << 3;
            int c = Long.compare(a.getLong(at), b.getLong(at));
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }

    /** Spark's double ordering: equal values (including -0.0 and 0.0) compare 0; NaN is the largest. */
    public static int compareDouble(double x, double y) {
        return x == y ? 0 : Double.compare(x, y);
    }

    private void compareDoubles(ArrowBuf a, ArrowBuf b, ArrowBuf out, int n) {
        int nbytes = Bits.bytesFor(n);
        int m = mask;
        long word = 0;
        for (int i = 0; i < n; i++) {
            long at = (long) i << 3;
            int c = compareDouble(a.getDouble(at), b.getDouble(at));
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }

    private void compareDecimals(ArrowBuf a, ArrowBuf b, ArrowBuf out, int n) {
        int nbytes = Bits.bytesFor(n);
        int m = mask;
        int common = Math.max(leftScale, rightScale);
        long word = 0;
        for (int i = 0; i < n; i++) {
            int c = compareDecimal(a, b, i, common);
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }

    private int compareDecimal(ArrowBuf a, ArrowBuf b, int i, int common) {
        if (compactDecimals && leftScale == rightScale) {
            long at = (long) i << 4;
            return Long.compare(a.getLong(at), b.getLong(at));
        }
        if (leftScale == rightScale) {
            long at = (long) i << 4;
            long ahi = a.getLong(at + 8);
            long bhi = b.getLong(at + 8);
            if (ahi != bhi) {
                return ahi < bhi ? -1 : 1;
            }
            return Long.compareUnsigned(a.getLong(at), b.getLong(at)) < 0 ? -1
                    : a.getLong(at) == b.getLong(at) ? 0 : 1;
        }
        if (Decimals.fitsLong(a, i) && Decimals.fitsLong(b, i)) {
            long x = Decimals.rescale(Decimals.low(a, i), leftScale, common);
            long y = Decimals.rescale(Decimals.low(b, i), rightScale, common);
            if (x != Long.MIN_VALUE && y != Long.MIN_VALUE) {
                return Long.compare(x, y);
            }
        }
        return Integer.signum(Decimals.big(a, i, leftScale).compareTo(Decimals.big(b, i, rightScale)));
    }

    private void compareStrings(FieldVector l, FieldVector r, ArrowBuf out, int n) {
        ArrowBuf ao = l.getOffsetBuffer();
        ArrowBuf bo = r.getOffsetBuffer();
        ArrowBuf ad = l.getDataBuffer();
        ArrowBuf bd = r.getDataBuffer();
        int nbytes = Bits.bytesFor(n);
        int m = mask;
        boolean equalityOnly = m == 0b010 || m == 0b101;
        long word = 0;
        for (int i = 0; i < n; i++) {
            long at = (long) i << 2;
            int as = ao.getInt(at);
            int ae = ao.getInt(at + 4);
            int bs = bo.getInt(at);
            int be = bo.getInt(at + 4);
            int c;
            if (equalityOnly) {
                c = (ae - as == be - bs && ByteFunctionHelpers.equal(ad, as, ae, bd, bs, be) == 1) ? 0 : 1;
            } else {
                c = Integer.signum(ByteFunctionHelpers.compare(ad, as, ae, bd, bs, be));
            }
            word |= (long) ((m >>> (c + 1)) & 1) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((n & 63) != 0) {
            Bits.storeWord(out, n >>> 6, word, nbytes);
        }
    }
}
