package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.util.ArrayList;
import java.util.List;

/**
 * substring(str, pos[, len]) with Spark's rules: pos is 1-based, 0 acts as 1, a negative pos counts
 * from the end; a negative len gives ''; positions count characters, not bytes.
 */
final class SubstringFunction extends VectorExpression {
    private final VectorExpression string;
    private final VectorExpression position;
    private final VectorExpression length;

    SubstringFunction(VectorExpression string, VectorExpression position, VectorExpression length,
                      BufferAllocator allocator) {
        super(DataTypes.StringType, allocator);
        this.string = string;
        this.position = position;
        this.length = length;
    }

    @Override
    public List<VectorExpression> children() {
        List<VectorExpression> all = new ArrayList<>(List.of(string, position));
        if (length != null) {
            all.add(length);
        }
        return all;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector s = string.evaluate(batch);
        FieldVector p = null;
        FieldVector l = null;
        FieldVector out = null;
        try {
            p = position.evaluate(batch);
            l = length == null ? null : length.evaluate(batch);
            out = newResult(n);
            VarCharVector result = (VarCharVector) out;
            ArrowBuf sv = s.getValidityBuffer();
            ArrowBuf so = s.getOffsetBuffer();
            ArrowBuf sd = s.getDataBuffer();
            ArrowBuf pv = p.getValidityBuffer();
            ArrowBuf pd = p.getDataBuffer();
            ArrowBuf lv = l == null ? null : l.getValidityBuffer();
            ArrowBuf ld = l == null ? null : l.getDataBuffer();
            for (int r = 0; r < n; r++) {
                if (!Bits.get(sv, r) || !Bits.get(pv, r) || (lv != null && !Bits.get(lv, r))) {
                    continue;
                }
                int startByte = so.getInt((long) r << 2);
                int endByte = so.getInt(((long) r << 2) + 4);
                int pos = pd.getInt((long) r << 2);
                long len = ld == null ? Integer.MAX_VALUE : ld.getInt((long) r << 2);
                boolean ascii = Utf8.isAscii(sd, startByte, endByte);
                int chars = ascii ? endByte - startByte : Utf8.charCount(sd, startByte, endByte);
                long from = pos > 0 ? pos - 1 : pos < 0 ? (long) chars + pos : 0;
                long to = Math.min(from + len, chars);
                from = Math.max(from, 0);
                if (from >= to) {
                    result.setSafe(r, new byte[0], 0, 0);
                    continue;
                }
                int a = ascii ? startByte + (int) from : Utf8.offsetOfChar(sd, startByte, endByte, (int) from);
                int b = ascii ? startByte + (int) to : Utf8.offsetOfChar(sd, startByte, endByte, (int) to);
                result.setSafe(r, a, b - a, sd);
            }
            out.setValueCount(n);
            FieldVector done = out;
            out = null;
            return done;
        } finally {
            if (out != null) {
                out.close();
            }
            release(string, s);
            release(position, p);
            if (length != null) {
                release(length, l);
            }
        }
    }
}
