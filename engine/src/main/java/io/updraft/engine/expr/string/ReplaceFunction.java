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
 * replace(str, search, replacement): every non-overlapping occurrence of search, left to right, replaced;
 * str unchanged when search is empty. Matching works on UTF-8 bytes (a match of valid UTF-8 always starts
 * at a character boundary).
 */
final class ReplaceFunction extends NullIntolerantFunction {
    private final ByteBuilder buffer = new ByteBuilder();
    private byte[] search = new byte[16];

    ReplaceFunction(VectorExpression string, VectorExpression search, VectorExpression replacement,
                    BufferAllocator allocator) {
        super(List.of(string, search, replacement), DataTypes.StringType, allocator);
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        VarCharVector result = (VarCharVector) out;
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf qo = in[1].getOffsetBuffer();
        ArrowBuf qd = in[1].getDataBuffer();
        ArrowBuf ro = in[2].getOffsetBuffer();
        ArrowBuf rd = in[2].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int start = so.getInt((long) r << 2);
            int end = so.getInt(((long) r << 2) + 4);
            int searchStart = qo.getInt((long) r << 2);
            int searchLength = qo.getInt(((long) r << 2) + 4) - searchStart;
            if (searchLength == 0) {
                result.setSafe(r, start, end - start, sd);
                continue;
            }
            search = Utf8.copy(qd, searchStart, searchStart + searchLength, search);
            int found = Utf8.indexOf(sd, start, end, search, searchLength);
            if (found < 0) {
                result.setSafe(r, start, end - start, sd);
                continue;
            }
            int replacementStart = ro.getInt((long) r << 2);
            int replacementEnd = ro.getInt(((long) r << 2) + 4);
            buffer.reset();
            int at = start;
            while (found >= 0) {
                buffer.append(sd, at, found).append(rd, replacementStart, replacementEnd);
                at = found + searchLength;
                found = Utf8.indexOf(sd, at, end, search, searchLength);
            }
            buffer.append(sd, at, end).writeTo(result, r);
        }
    }
}
