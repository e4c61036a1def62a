package io.updraft.engine.expr.math;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * round(x, scale) HALF_UP and bround(x, scale) HALF_EVEN. Doubles round their shortest decimal form
 * (Spark: round(2.675, 2) = 2.68); NaN and infinities pass through. Decimals round to {@code scale} and then
 * take the result type (null if it no longer fits). Integers round only for a negative scale.
 */
final class RoundFunction extends VectorExpression {
    private final VectorExpression child;
    private final int scale;
    private final RoundingMode mode;

    RoundFunction(VectorExpression child, int scale, RoundingMode mode, DataType resultType,
                  BufferAllocator allocator) {
        super(resultType, allocator);
        this.child = child;
        this.scale = scale;
        this.mode = mode;
        if (!child.type().isNumeric()) {
            throw UpdraftException.user((mode == RoundingMode.HALF_UP ? "round" : "bround")
                    + " needs a numeric argument, got "
                    + child.type().simpleString());
        }
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(child);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector c = child.evaluate(batch);
        FieldVector out = null;
        try {
            out = newResult(n);
            ArrowBuf validity = out.getValidityBuffer();
            Bits.copy(c.getValidityBuffer(), validity, n);
            ArrowBuf a = c.getDataBuffer();
            ArrowBuf o = out.getDataBuffer();
            for (int r = 0; r < n; r++) {
                if (!Bits.get(validity, r)) {
                    continue;
                }
                BigDecimal rounded = switch (Kernels.kind(child.type())) {
                    case FLOAT64 -> {
                        double d = a.getDouble((long) r << 3);
                        yield Double.isNaN(d) || Double.isInfinite(d) ? null
                                : BigDecimal.valueOf(d).setScale(scale, mode);
                    }
                    case INT32 -> BigDecimal.valueOf(a.getInt((long) r << 2)).setScale(scale, mode);
                    case INT64 -> BigDecimal.valueOf(a.getLong((long) r << 3)).setScale(scale, mode);
                    case DECIMAL -> Decimals.big(a, r, ((DecimalType) child.type()).scale())
                            .setScale(scale, mode);
                    default -> throw new IllegalStateException("round of " + child.type().simpleString());
                };
                if (!write(rounded, a, o, validity, r)) {
                    Bits.clear(validity, r);
                }
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            release(child, c);
        }
    }

    private boolean write(BigDecimal rounded, ArrowBuf in, ArrowBuf o, ArrowBuf validity, int r) {
        switch (Kernels.kind(type)) {
            case FLOAT64 -> o.setDouble((long) r << 3, rounded == null ? in.getDouble((long) r << 3)
                    : rounded.doubleValue());
            case INT32 -> o.setInt((long) r << 2, rounded.intValue());
            case INT64 -> o.setLong((long) r << 3, rounded.longValue());
            case DECIMAL -> {
                DecimalType t = (DecimalType) type;
                BigDecimal fitted = Decimals.fit(rounded, t.precision(), t.scale());
                if (fitted == null) {
                    return false;
                }
                Decimals.setBig(o, r, fitted);
            }
            default -> throw new IllegalStateException("round to " + type.simpleString());
        }
        return true;
    }
}
