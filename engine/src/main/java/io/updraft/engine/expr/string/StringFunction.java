package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.util.List;

/**
 * Base of functions with one string argument: null in, null out; otherwise {@link #apply} writes row r
 * of the result from the argument's bytes [start, end).
 */
abstract class StringFunction extends VectorExpression {
    protected final VectorExpression argument;

    StringFunction(VectorExpression argument, DataType type, BufferAllocator allocator) {
        super(type, allocator);
        this.argument = argument;
    }

    @Override
    public final List<VectorExpression> children() {
        return List.of(argument);
    }

    @Override
    public final FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector in = argument.evaluate(batch);
        FieldVector out = null;
        try {
            out = newResult(n);
            ArrowBuf validity = in.getValidityBuffer();
            ArrowBuf offsets = in.getOffsetBuffer();
            ArrowBuf data = in.getDataBuffer();
            for (int r = 0; r < n; r++) {
                if (Bits.get(validity, r)) {
                    long at = (long) r << 2;
                    apply(data, offsets.getInt(at), offsets.getInt(at + 4), out, r);
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
            release(argument, in);
        }
    }

    /** Writes the result for non-null row r (whose bytes are data[start, end)) into {@code out}. */
    abstract void apply(ArrowBuf data, int start, int end, FieldVector out, int r);

    static void setString(FieldVector out, int r, byte[] bytes, int length) {
        ((VarCharVector) out).setSafe(r, bytes, 0, length);
    }
}
