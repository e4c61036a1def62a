package io.updraft.engine.expr.math;

import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * Double functions as Spark (which uses StrictMath where results could differ between platforms): sqrt (NaN
 * below 0), exp, sign (-1.0, 0.0, 1.0; NaN stays NaN), ln / log10 / log2 (null for x <= 0), log(base, x)
 * (null when base or x <= 0) and pow.
 */
final class DoubleMathFunction extends NullIntolerantFunction {
    enum Op { SQRT, EXP, SIGN, LN, LOG10, LOG2, LOG, POW }

    private static final double LN_2 = StrictMath.log(2);

    private final Op op;

    DoubleMathFunction(Op op, List<VectorExpression> arguments, BufferAllocator allocator) {
        super(arguments, DataTypes.DoubleType, allocator);
        this.op = op;
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf x = in[in.length - 1].getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        switch (op) {
            case SQRT -> {
                for (int r = 0; r < n; r++) {
                    o.setDouble((long) r << 3, Math.sqrt(x.getDouble((long) r << 3)));
                }
            }
            case EXP -> {
                for (int r = 0; r < n; r++) {
                    o.setDouble((long) r << 3, StrictMath.exp(x.getDouble((long) r << 3)));
                }
            }
            case SIGN -> {
                for (int r = 0; r < n; r++) {
                    o.setDouble((long) r << 3, Math.signum(x.getDouble((long) r << 3)));
                }
            }
            case LN, LOG10, LOG2 -> logarithms(x, o, out.getValidityBuffer(), n);
            case LOG -> {
                ArrowBuf base = in[0].getDataBuffer();
                ArrowBuf validity = out.getValidityBuffer();
                for (int r = 0; r < n; r++) {
                    double b = base.getDouble((long) r << 3);
                    double v = x.getDouble((long) r << 3);
                    if (b <= 0 || v <= 0) {
                        Bits.clear(validity, r);
                    } else {
                        o.setDouble((long) r << 3, StrictMath.log(v) / StrictMath.log(b));
                    }
                }
            }
            case POW -> {
                ArrowBuf base = in[0].getDataBuffer();
                for (int r = 0; r < n; r++) {
                    o.setDouble((long) r << 3, StrictMath.pow(base.getDouble((long) r << 3), x.getDouble((long) r << 3)));
                }
            }
        }
    }

    private void logarithms(ArrowBuf x, ArrowBuf o, ArrowBuf validity, int n) {
        for (int r = 0; r < n; r++) {
            double v = x.getDouble((long) r << 3);
            if (v <= 0) {
                Bits.clear(validity, r);
                continue;
            }
            o.setDouble((long) r << 3, switch (op) {
                case LN -> StrictMath.log(v);
                case LOG10 -> StrictMath.log10(v);
                default -> StrictMath.log(v) / LN_2;
            });
        }
    }
}
