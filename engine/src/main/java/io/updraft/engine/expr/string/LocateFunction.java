package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * locate(substr, str[, pos]) and instr(str, substr) as Spark: the 1-based character position of the first
 * occurrence of substr in str at or after character pos (default 1), 0 when absent. An empty substr is found
 * at 1 (whatever pos); pos < 1 gives 0, and a null pos gives 0 rather than null (Hive's rule); otherwise null
 * when substr or str is null.
 */
final class LocateFunction extends VectorExpression {
    private final VectorExpression substring;
    private final VectorExpression string;
    private final VectorExpression position;
    private byte[] needle = new byte[16];

    /** {@code position} null means 1 (instr). */
    LocateFunction(VectorExpression substring, VectorExpression string, VectorExpression position,
                   BufferAllocator allocator) {
        super(DataTypes.IntegerType, allocator);
        this.substring = substring;
        this.string = string;
        this.position = position;
    }

    @Override
    public List<VectorExpression> children() {
        List<VectorExpression> all = new ArrayList<>(List.of(substring, string));
        if (position != null) {
            all.add(position);
        }
        return all;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector sub = substring.evaluate(batch);
        FieldVector str = null;
        FieldVector pos = null;
        FieldVector out = null;
        try {
            str = string.evaluate(batch);
            pos = position == null ? null : position.evaluate(batch);
            out = newResult(n);
            ArrowBuf validity = out.getValidityBuffer();
            ArrowBuf result = out.getDataBuffer();
            Bits.and(sub.getValidityBuffer(), str.getValidityBuffer(), validity, n);
            ArrowBuf uo = sub.getOffsetBuffer();
            ArrowBuf ud = sub.getDataBuffer();
            ArrowBuf so = str.getOffsetBuffer();
            ArrowBuf sd = str.getDataBuffer();
            ArrowBuf pv = pos == null ? null : pos.getValidityBuffer();
            ArrowBuf pd = pos == null ? null : pos.getDataBuffer();
            for (int r = 0; r < n; r++) {
                if (pv != null && !Bits.get(pv, r)) {
                    Bits.set(validity, r);
                    result.setInt((long) r << 2, 0);
                    continue;
                }
                if (!Bits.get(validity, r)) {
                    continue;
                }
                int from = pd == null ? 1 : pd.getInt((long) r << 2);
                int needleStart = uo.getInt((long) r << 2);
                int needleLength = uo.getInt(((long) r << 2) + 4) - needleStart;
                int found = 0;
                if (from >= 1 && needleLength == 0) {
                    found = 1;
                } else if (from >= 1) {
                    int start = so.getInt((long) r << 2);
                    int end = so.getInt(((long) r << 2) + 4);
                    needle = Utf8.copy(ud, needleStart, needleStart + needleLength, needle);
                    int fromByte = Utf8.offsetOfChar(sd, start, end, from - 1);
                    int at = Utf8.indexOf(sd, fromByte, end, needle, needleLength);
                    if (at >= 0) {
                        found = from + Utf8.charCount(sd, fromByte, at);
                    }
                }
                result.setInt((long) r << 2, found);
            }
            out.setValueCount(n);
            FieldVector done = out;
            out = null;
            return done;
        } finally {
            if (out != null) {
                out.close();
            }
            release(substring, sub);
            if (str != null) {
                release(string, str);
            }
            if (pos != null) {
                release(position, pos);
            }
        }
    }
}
