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

/**
 * lpad / rpad(str, len, pad) as Spark, counting characters: str padded on the left (right) with pad repeated
 * (the last copy cut short) to len characters; str cut to its first len characters when it is longer or pad
 * is empty; '' for len <= 0. lpad('hi', 5, '??') = '???hi', lpad('hi', 1, '??') = 'h'. A result over 2 GiB is
 * a USER error.
 */
final class PadFunction extends NullIntolerantFunction {
    private final boolean left;
    private final ByteBuilder buffer = new ByteBuilder();

    PadFunction(VectorExpression string, VectorExpression length, VectorExpression pad, boolean left,
                BufferAllocator allocator) {
        super(List.of(string, length, pad), DataTypes.StringType, allocator);
        this.left = left;
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        VarCharVector result = (VarCharVector) out;
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf lengths = in[1].getDataBuffer();
        ArrowBuf po = in[2].getOffsetBuffer();
        ArrowBuf pd = in[2].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int start = so.getInt((long) r << 2);
            int end = so.getInt(((long) r << 2) + 4);
            int padStart = po.getInt((long) r << 2);
            int padEnd = po.getInt(((long) r << 2) + 4);
            int target = lengths.getInt((long) r << 2);
            buffer.reset();
            int chars = Utf8.charCount(sd, start, end);
            if (target <= 0) {
                buffer.writeTo(result, r);
                continue;
            }
            long missing = (long) target - chars;
            int padChars = Utf8.charCount(pd, padStart, padEnd);
            if (missing <= 0 || padChars == 0) {
                buffer.append(sd, start, Utf8.offsetOfChar(sd, start, end, target));
                buffer.writeTo(result, r);
                continue;
            }
            long estimate = (end - start) + (missing / padChars + 1) * (padEnd - padStart);
            buffer.reserve((int) Math.min(estimate, Integer.MAX_VALUE));
            if (!left) {
                buffer.append(sd, start, end);
            }
            for (long copies = missing / padChars; copies > 0; copies--) {
                buffer.append(pd, padStart, padEnd);
            }
            buffer.append(pd, padStart, Utf8.offsetOfChar(pd, padStart, padEnd, (int) (missing % padChars)));
            if (left) {
                buffer.append(sd, start, end);
            }
            buffer.writeTo(result, r);
        }
    }
}
