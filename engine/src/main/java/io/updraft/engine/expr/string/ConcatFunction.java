package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.util.List;

/** concat(s1, s2, ...): null if any argument is null. */
final class ConcatFunction extends VectorExpression {
    private final List<VectorExpression> arguments;
    private byte[] scratch = new byte[64];

    ConcatFunction(List<VectorExpression> arguments, BufferAllocator allocator) {
        super(DataTypes.StringType, allocator);
        this.arguments = List.copyOf(arguments);
    }

    @Override
    public List<VectorExpression> children() {
        return arguments;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector[] values = new FieldVector[arguments.size()];
        FieldVector out = null;
        try {
            for (int a = 0; a < values.length; a++) {
                values[a] = arguments.get(a).evaluate(batch);
            }
            out = newResult(n);
            VarCharVector result = (VarCharVector) out;
            rows:
            for (int r = 0; r < n; r++) {
                int length = 0;
                for (FieldVector v : values) {
                    if (!Bits.get(v.getValidityBuffer(), r)) {
                        continue rows;
                    }
                    length += v.getOffsetBuffer().getInt(((long) r << 2) + 4) - v.getOffsetBuffer().getInt((long) r << 2);
                }
                if (scratch.length < length) {
                    scratch = new byte[Math.max(length, scratch.length * 2)];
                }
                int position = 0;
                for (FieldVector v : values) {
                    ArrowBuf offsets = v.getOffsetBuffer();
                    int start = offsets.getInt((long) r << 2);
                    int len = offsets.getInt(((long) r << 2) + 4) - start;
                    v.getDataBuffer().getBytes(start, scratch, position, len);
                    position += len;
                }
                result.setSafe(r, scratch, 0, length);
            }
            out.setValueCount(n);
            FieldVector done = out;
            out = null;
            return done;
        } finally {
            if (out != null) {
                out.close();
            }
            for (int a = 0; a < values.length; a++) {
                release(arguments.get(a), values[a]);
            }
        }
    }
}
