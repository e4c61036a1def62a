package io.updraft.engine.expr;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * int, bigint and double arithmetic (both operands already have the result type). Integral overflow
 * wraps as in Java; integral DIVIDE truncates; division or modulo by zero is null (doubles included),
 * as Spark without ANSI mode.
 */
final class ArithmeticExpression extends VectorExpression {
    private final ArithmeticOp op;
    private final VectorExpression left;
    private final VectorExpression right;
    private final PhysicalKind kind;

    ArithmeticExpression(ArithmeticOp op, VectorExpression left, VectorExpression right, BufferAllocator allocator) {
        super(left.type(), allocator);
        this.op = op;
        this.left = left;
        this.right = right;
        this.kind = Kernels.kind(left.type());
        if (kind != PhysicalKind.INT32 && kind != PhysicalKind.INT64 && kind != PhysicalKind.FLOAT64) {
            throw new IllegalArgumentException("arithmetic on " + left.type());
        }
    }

    @Override
    List<VectorExpression> children() {
        return List.of(left, right);
    }

    @Override
    FieldVector evaluate(Batch batch) {
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
            switch (kind) {
                case INT32 -> ints(a, b, o, validity, n);
                case INT64 -> longs(a, b, o, validity, n);
                default -> doubles(a, b, o, validity, n);
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

    private void ints(ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n) {
        switch (op) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 2;
                    o.setInt(at, a.getInt(at) + b.getInt(at));
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 2;
                    o.setInt(at, a.getInt(at) - b.getInt(at));
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 2;
                    o.setInt(at, a.getInt(at) * b.getInt(at));
                }
            }
            case DIVIDE, MOD -> {
                boolean divide = op == ArithmeticOp.DIVIDE;
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 2;
                    int y = b.getInt(at);
                    if (y == 0) {
                        Bits.clear(validity, i);
                    } else {
                        int x = a.getInt(at);
                        o.setInt(at, divide ? x / y : x % y);
                    }
                }
            }
        }
    }

    private void longs(ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n) {
        switch (op) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    o.setLong(at, a.getLong(at) + b.getLong(at));
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    o.setLong(at, a.getLong(at) - b.getLong(at));
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    o.setLong(at, a.getLong(at) * b.getLong(at));
                }
            }
            case DIVIDE, MOD -> {
                boolean divide = op == ArithmeticOp.DIVIDE;
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    long y = b.getLong(at);
                    if (y == 0) {
                        Bits.clear(validity, i);
                    } else {
                        long x = a.getLong(at);
                        o.setLong(at, divide ? x / y : x % y);
                    }
                }
            }
        }
    }

    private void doubles(ArrowBuf a, ArrowBuf b, ArrowBuf o, ArrowBuf validity, int n) {
        switch (op) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    o.setDouble(at, a.getDouble(at) + b.getDouble(at));
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    o.setDouble(at, a.getDouble(at) - b.getDouble(at));
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    o.setDouble(at, a.getDouble(at) * b.getDouble(at));
                }
            }
            case DIVIDE, MOD -> {
                boolean divide = op == ArithmeticOp.DIVIDE;
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    double y = b.getDouble(at);
                    if (y == 0) {
                        Bits.clear(validity, i);
                    } else {
                        double x = a.getDouble(at);
                        o.setDouble(at, divide ? x / y : x % y);
                    }
                }
            }
        }
    }
}
