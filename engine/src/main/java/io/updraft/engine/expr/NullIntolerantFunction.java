package io.updraft.engine.expr;

import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * Base of functions that are null when any argument is null (most of Spark's): evaluates every argument,
 * sets the result's validity to the AND of the arguments' (word-wise, once per batch) and hands the batch
 * to {@link #compute}.
 */
public abstract class NullIntolerantFunction extends VectorExpression {
    protected final List<VectorExpression> arguments;

    protected NullIntolerantFunction(List<VectorExpression> arguments, DataType type, BufferAllocator allocator) {
        super(type, allocator);
        this.arguments = List.copyOf(arguments);
    }

    @Override
    public final List<VectorExpression> children() {
        return arguments;
    }

    @Override
    public final FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector[] in = new FieldVector[arguments.size()];
        FieldVector out = null;
        try {
            for (int a = 0; a < in.length; a++) {
                in[a] = arguments.get(a).evaluate(batch);
            }
            out = newResult(n);
            ArrowBuf validity = out.getValidityBuffer();
            if (in.length == 0) {
                Bits.setAll(validity, n);
            } else {
                Bits.copy(in[0].getValidityBuffer(), validity, n);
                for (int a = 1; a < in.length; a++) {
                    Bits.and(validity, in[a].getValidityBuffer(), validity, n);
                }
            }
            compute(in, out, n);
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            for (int a = 0; a < in.length; a++) {
                release(arguments.get(a), in[a]);
            }
        }
    }

    /**
     * Computes rows [0, n) into {@code out}, whose validity bit is set where every argument is non-null. For
     * each such row it must write a value or clear the bit (a row may still be null, e.g. ln(0)); string
     * results must be written in row order (through {@code setSafe}). Rows whose bit is clear are left alone.
     */
    protected abstract void compute(FieldVector[] in, FieldVector out, int n);
}
