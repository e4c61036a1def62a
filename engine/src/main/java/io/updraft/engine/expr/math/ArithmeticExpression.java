package io.updraft.engine.expr.math;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.value.ValueErrors;
import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * int, bigint and double arithmetic (both operands already have the result type), as Spark 4 in its default
 * ANSI mode: integral add, subtract and multiply that overflow raise [ARITHMETIC_OVERFLOW]; integral DIVIDE
 * truncates; division or modulo by zero raises [DIVIDE_BY_ZERO] / [REMAINDER_BY_ZERO] (doubles included). Only
 * rows where both operands are non-null are checked. The loops run unchecked first where that is cheap and
 * redo the batch row by row only when Java's exact arithmetic reports an overflow somewhere.
 */
public final class ArithmeticExpression extends VectorExpression {
    private final ArithmeticOp op;
    private final VectorExpression left;
    private final VectorExpression right;
    private final PhysicalKind kind;

    public ArithmeticExpression(ArithmeticOp op, VectorExpression left, VectorExpression right, BufferAllocator allocator) {
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
                try {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 2;
                        o.setInt(at, Math.addExact(a.getInt(at), b.getInt(at)));
                    }
                } catch (ArithmeticException e) {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 2;
                        if (Bits.get(validity, i)) {
                            try {
                                o.setInt(at, Math.addExact(a.getInt(at), b.getInt(at)));
                            } catch (ArithmeticException overflow) {
                                throw ValueErrors.overflow("add", "int");
                            }
                        }
                    }
                }
            }
            case SUBTRACT -> {
                try {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 2;
                        o.setInt(at, Math.subtractExact(a.getInt(at), b.getInt(at)));
                    }
                } catch (ArithmeticException e) {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 2;
                        if (Bits.get(validity, i)) {
                            try {
                                o.setInt(at, Math.subtractExact(a.getInt(at), b.getInt(at)));
                            } catch (ArithmeticException overflow) {
                                throw ValueErrors.overflow("subtract", "int");
                            }
                        }
                    }
                }
            }
            case MULTIPLY -> {
                try {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 2;
                        o.setInt(at, Math.multiplyExact(a.getInt(at), b.getInt(at)));
                    }
                } catch (ArithmeticException e) {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 2;
                        if (Bits.get(validity, i)) {
                            try {
                                o.setInt(at, Math.multiplyExact(a.getInt(at), b.getInt(at)));
                            } catch (ArithmeticException overflow) {
                                throw ValueErrors.overflow("multiply", "int");
                            }
                        }
                    }
                }
            }
            case DIVIDE, MOD -> {
                boolean divide = op == ArithmeticOp.DIVIDE;
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 2;
                    int y = b.getInt(at);
                    if (y == 0) {
                        if (Bits.get(validity, i)) {
                            throw divide ? ValueErrors.divideByZero() : ValueErrors.remainderByZero();
                        }
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
                try {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 3;
                        o.setLong(at, Math.addExact(a.getLong(at), b.getLong(at)));
                    }
                } catch (ArithmeticException e) {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 3;
                        if (Bits.get(validity, i)) {
                            try {
                                o.setLong(at, Math.addExact(a.getLong(at), b.getLong(at)));
                            } catch (ArithmeticException overflow) {
                                throw ValueErrors.overflow("add", "bigint");
                            }
                        }
                    }
                }
            }
            case SUBTRACT -> {
                try {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 3;
                        o.setLong(at, Math.subtractExact(a.getLong(at), b.getLong(at)));
                    }
                } catch (ArithmeticException e) {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 3;
                        if (Bits.get(validity, i)) {
                            try {
                                o.setLong(at, Math.subtractExact(a.getLong(at), b.getLong(at)));
                            } catch (ArithmeticException overflow) {
                                throw ValueErrors.overflow("subtract", "bigint");
                            }
                        }
                    }
                }
            }
            case MULTIPLY -> {
                try {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 3;
                        o.setLong(at, Math.multiplyExact(a.getLong(at), b.getLong(at)));
                    }
                } catch (ArithmeticException e) {
                    for (int i = 0; i < n; i++) {
                        long at = (long) i << 3;
                        if (Bits.get(validity, i)) {
                            try {
                                o.setLong(at, Math.multiplyExact(a.getLong(at), b.getLong(at)));
                            } catch (ArithmeticException overflow) {
                                throw ValueErrors.overflow("multiply", "bigint");
                            }
                        }
                    }
                }
            }
            case DIVIDE, MOD -> {
                boolean divide = op == ArithmeticOp.DIVIDE;
                for (int i = 0; i < n; i++) {
                    long at = (long) i << 3;
                    long y = b.getLong(at);
                    if (y == 0) {
                        if (Bits.get(validity, i)) {
                            throw divide ? ValueErrors.divideByZero() : ValueErrors.remainderByZero();
                        }
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
                        if (Bits.get(validity, i)) {
                            throw divide ? ValueErrors.divideByZero() : ValueErrors.remainderByZero();
                        }
                    } else {
                        double x = a.getDouble(at);
                        o.setDouble(at, divide ? x / y : x % y);
                    }
                }
            }
        }
    }
}
