package io.updraft.engine.expr.math;

import io.updraft.core.value.ValueErrors;
import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.math.BigDecimal;
import java.util.List;

/**
 * pmod(a, n): the positive remainder, as Spark: r = a % n, then (r + n) % n when r < 0. A zero divisor in a
 * non-null row raises Spark's ANSI error (as {@code %} does). Decimal arguments keep their own types and the
 * exact result is fitted to the result type (null when it does not fit).
 */
final class PmodFunction extends NullIntolerantFunction {
    PmodFunction(VectorExpression dividend, VectorExpression divisor, DataType type, BufferAllocator allocator) {
        super(List.of(dividend, divisor), type, allocator);
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf a = in[0].getDataBuffer();
        ArrowBuf b = in[1].getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        ArrowBuf validity = out.getValidityBuffer();
        switch (Kernels.kind(type)) {
            case INT32 -> {
                for (int r = 0; r < n; r++) {
                    int d = b.getInt((long) r << 2);
                    if (d == 0) {
                        if (Bits.get(validity, r)) {
                            throw ValueErrors.remainderByZero();
                        }
                        continue;
                    }
                    int m = a.getInt((long) r << 2) % d;
                    o.setInt((long) r << 2, m < 0 ? (m + d) % d : m);
                }
            }
            case INT64 -> {
                for (int r = 0; r < n; r++) {
                    long d = b.getLong((long) r << 3);
                    if (d == 0) {
                        if (Bits.get(validity, r)) {
                            throw ValueErrors.remainderByZero();
                        }
                        continue;
                    }
                    long m = a.getLong((long) r << 3) % d;
                    o.setLong((long) r << 3, m < 0 ? (m + d) % d : m);
                }
            }
            case FLOAT64 -> {
                for (int r = 0; r < n; r++) {
                    double d = b.getDouble((long) r << 3);
                    if (d == 0) {
                        if (Bits.get(validity, r)) {
                            throw ValueErrors.remainderByZero();
                        }
                        continue;
                    }
                    double m = a.getDouble((long) r << 3) % d;
                    o.setDouble((long) r << 3, m < 0 ? (m + d) % d : m);
                }
            }
            case DECIMAL -> decimals(in, a, b, o, validity, n);
            default -> throw new IllegalStateException("pmod of " + type.simpleString());
        }
    }

    private void decimals(FieldVector[] in, ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n) {
        int aScale = ((DecimalType) arguments.get(0).type()).scale();
        int bScale = ((DecimalType) arguments.get(1).type()).scale();
        DecimalType result = (DecimalType) type;
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            BigDecimal d = Decimals.big(b, r, bScale);
            if (d.signum() == 0) {
                throw ValueErrors.remainderByZero();
            }
            BigDecimal m = Decimals.big(a, r, aScale).remainder(d);
            if (m.signum() < 0) {
                m = m.add(d).remainder(d);
            }
            BigDecimal fitted = Decimals.fit(m, result.precision(), result.scale());
            if (fitted == null) {
                Bits.clear(validity, r);
            } else {
                Decimals.setBig(o, r, fitted);
            }
        }
    }
}
