package io.updraft.engine.expr.string;

import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** startswith / endswith / contains(str, sub) on UTF-8 bytes; an empty sub always matches. */
final class StringMatchFunction extends NullIntolerantFunction {
    enum Kind { STARTS_WITH, ENDS_WITH, CONTAINS }

    private final Kind kind;
    private byte[] needle = new byte[16];

    StringMatchFunction(VectorExpression string, VectorExpression sub, Kind kind, BufferAllocator allocator) {
        super(List.of(string, sub), DataTypes.BooleanType, allocator);
        this.kind = kind;
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf bits = out.getDataBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf no = in[1].getOffsetBuffer();
        ArrowBuf nd = in[1].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int start = so.getInt((long) r << 2);
            int end = so.getInt(((long) r << 2) + 4);
            int needleStart = no.getInt((long) r << 2);
            int needleLength = no.getInt(((long) r << 2) + 4) - needleStart;
            if (needleLength > end - start) {
                continue;
            }
            needle = Utf8.copy(nd, needleStart, needleStart + needleLength, needle);
            boolean match = switch (kind) {
                case STARTS_WITH -> Utf8.regionEquals(sd, start, needle, needleLength);
                case ENDS_WITH -> Utf8.regionEquals(sd, end - needleLength, needle, needleLength);
                case CONTAINS -> Utf8.indexOf(sd, start, end, needle, needleLength) >= 0;
            };
            if (match) {
                Bits.set(bits, r);
            }
        }
    }
}
