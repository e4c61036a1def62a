package io.updraft.engine.expr.math;

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
 * ceil / floor as Spark: double → bigint (NaN → 0, infinities saturate, as a Java cast), bigint → bigint
 * unchanged, decimal(p,s) → decimal(p-s+1,0) (null if the result no longer fits, possible only at 38 digits).
 */
final class CeilFloorFunction extends VectorExpression {
    private final VectorExpression child;
    private final boolean ceil;

    CeilFloorFunction(VectorExpression child, boolean ceil, DataType resultType, BufferAllocator allocator) {
        super(resultType, allocator);
        this.child = child;
        this.ceil = ceil;
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
            ArrowBuf validity = out.getValidityBuffer();
            Bits.copy(c.getValidityBuffer(), validity, n);
            switch (Kernels.kind(child.type())) {
                case FLOAT64 -> {
                    for (int r = 0; r < n; r++) {
                        double d = a.getDouble((long) r << 3);
                        o.setLong((long) r << 3, (long) (ceil ? Math.ceil(d) : Math.floor(d)));
                    }
                }
                case INT64 -> o.setBytes(0, a, 0, (long) n << 3);
                case DECIMAL -> decimals(a, o, validity, n);
                default -> throw new IllegalStateException((ceil ? "ceil" : "floor") + " of "
                        + child.type().simpleString());
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

    private void decimals(ArrowBuf a, ArrowBuf o, ArrowBuf validity, int n) {
        int scale = ((DecimalType) child.type()).scale();
        DecimalType result = (DecimalType) type;
        long unit = scale <= 18 ? Decimals.pow10(scale) : 0;
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            if (unit != 0 && Decimals.fitsLong(a, r)) {
                long v = Decimals.low(a, r);
                Decimals.setLong(o, r, ceil ? Math.ceilDiv(v, unit) : Math.floorDiv(v, unit));
                continue;
            }
            BigDecimal rounded = Decimals.big(a, r, scale).setScale(0, ceil ? RoundingMode.CEILING : RoundingMode.FLOOR);
            BigDecimal fitted = Decimals.fit(rounded, result.precision(), 0);
            if (fitted == null) {
                Bits.clear(validity, r);
            } else {
                Decimals.setBig(o, r, fitted);
            }
        }
    }
}
