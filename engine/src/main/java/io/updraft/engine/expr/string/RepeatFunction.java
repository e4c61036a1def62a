package io.updraft.engine.expr.string;

import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.util.List;

/** repeat(str, n): str n times; '' for n <= 0. A result over 2 GiB is a USER error. */
final class RepeatFunction extends NullIntolerantFunction {
    private final ByteBuilder buffer = new ByteBuilder();

    RepeatFunction(VectorExpression string, VectorExpression times, BufferAllocator allocator) {
        super(List.of(string, times), DataTypes.StringType, allocator);
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        VarCharVector result = (VarCharVector) out;
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf times = in[1].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int start = so.getInt((long) r << 2);
            int end = so.getInt(((long) r << 2) + 4);
            int count = times.getInt((long) r << 2);
            buffer.reset();
            if (end > start && count > 0) {
                buffer.reserve((int) Math.min((long) (end - start) * count, Integer.MAX_VALUE));
                for (int i = 0; i < count; i++) {
                    buffer.append(sd, start, end);
                }
            }
            buffer.writeTo(result, r);
        }
    }
}
