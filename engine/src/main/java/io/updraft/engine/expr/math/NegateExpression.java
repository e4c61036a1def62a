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

/** Unary minus; negating the int or bigint minimum raises Spark's ANSI {@code ARITHMETIC_OVERFLOW}. */
public final class NegateExpression extends VectorExpression {
    private final VectorExpression child;

    public NegateExpression(VectorExpression child, BufferAllocator allocator) {
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
                    for (int i = 0; i < n; i++) {
                        int v = a.getInt((long) i << 2);
                        if (v == Integer.MIN_VALUE && Bits.get(validity, i)) {
                            throw ValueErrors.signOverflow();
                        }
                        o.setInt((long) i << 2, -v);
                    }
                }
                case INT64 -> {
                    ArrowBuf validity = out.getValidityBuffer();
                    for (int i = 0; i < n; i++) {
                        long v = a.getLong((long) i << 3);
                        if (v == Long.MIN_VALUE && Bits.get(validity, i)) {
                            throw ValueErrors.signOverflow();
                        }
                        o.setLong((long) i << 3, -v);
                    }
                }
                case FLOAT64 -> {
                    for (int i = 0; i < n; i++) {
                        o.setDouble((long) i << 3, -a.getDouble((long) i << 3));
                    }
                }
                case DECIMAL -> {
                    int scale = ((DecimalType) type).scale();
                    for (int i = 0; i < n; i++) {
                        if (Decimals.fitsLong(a, i) && Decimals.low(a, i) != Long.MIN_VALUE) {
                            Decimals.setLong(o, i, -Decimals.low(a, i));
                        } else {
                            Decimals.setBig(o, i, Decimals.big(a, i, scale).negate());
                        }
                    }
                }
                default -> throw new IllegalStateException("cannot negate " + type.simpleString());
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
