package io.updraft.engine.expr.math;

import io.updraft.core.value.ValueErrors;
import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** abs(x); the int and bigint minimum raise Spark's ANSI {@code ARITHMETIC_OVERFLOW}. */
final class AbsFunction extends VectorExpression {
    private final VectorExpression child;

    AbsFunction(VectorExpression child, BufferAllocator allocator) {
        super(child.type(), allocator);
        this.child = child;
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
            ArrowBuf a = c.getDataBuffer();
            ArrowBuf o = out.getDataBuffer();
            Bits.copy(c.getValidityBuffer(), out.getValidityBuffer(), n);
            switch (Kernels.kind(type)) {
                case INT32 -> {
                    ArrowBuf validity = out.getValidityBuffer();
                    for (int r = 0; r < n; r++) {
                        int v = a.getInt((long) r << 2);
                        if (v == Integer.MIN_VALUE && Bits.get(validity, r)) {
                            throw ValueErrors.signOverflow();
                        }
                        o.setInt((long) r << 2, Math.abs(v));
                    }
                }
                case INT64 -> {
                    ArrowBuf validity = out.getValidityBuffer();
                    for (int r = 0; r < n; r++) {
                        long v = a.getLong((long) r << 3);
                        if (v == Long.MIN_VALUE && Bits.get(validity, r)) {
                            throw ValueErrors.signOverflow();
                        }
                        o.setLong((long) r << 3, Math.abs(v));
                    }
                }
                case FLOAT64 -> {
                    for (int r = 0; r < n; r++) {
                        o.setDouble((long) r << 3, Math.abs(a.getDouble((long) r << 3)));
                    }
                }
                case DECIMAL -> {
                    int scale = ((DecimalType) type).scale();
                    for (int r = 0; r < n; r++) {
                        if (Decimals.fitsLong(a, r) && Decimals.low(a, r) != Long.MIN_VALUE) {
                            Decimals.setLong(o, r, Math.abs(Decimals.low(a, r)));
                        } else {
                            Decimals.setBig(o, r, Decimals.big(a, r, scale).abs());
                        }
                    }
                }
                default -> throw new IllegalStateException("abs of " + type.simpleString());
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
}
