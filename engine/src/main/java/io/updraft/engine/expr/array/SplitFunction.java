package io.updraft.engine.expr.array;

import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.expr.string.Regexes;
import io.updraft.engine.expr.string.TextView;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * split(str, regex[, limit]) as Spark's StringSplit: the pieces of str around matches of the Java regex, as
 * {@code array<string>} (elements never null). limit &gt; 0: at most limit pieces, the last holding the rest of
 * the input; limit ≤ 0: as many as possible, trailing empty pieces kept (Spark turns Java's limit 0 into -1).
 * An empty regex splits a non-empty string into its characters (no trailing empty piece), at most limit
 * pieces. Null when any argument is null.
 */
final class SplitFunction extends NullIntolerantFunction {
    static final ArrayType RESULT = new ArrayType(DataTypes.StringType, false);

    private final CompiledArgument<Pattern> regex;
    private final TextView view = new TextView();

    SplitFunction(VectorExpression string, VectorExpression regex, VectorExpression limit, BufferAllocator allocator) {
        super(List.of(string, regex, limit), RESULT, allocator);
        this.regex = CompiledArgument.of(regex, text -> Regexes.compile(text, "split"));
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ListVector result = (ListVector) out;
        VarCharVector pieces = (VarCharVector) result.getDataVector();
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf offsets = result.getOffsetBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf ro = in[1].getOffsetBuffer();
        ArrowBuf rd = in[1].getDataBuffer();
        ArrowBuf limits = in[2].getDataBuffer();
        int position = 0;
        offsets.setInt(0, 0);
        for (int r = 0; r < n; r++) {
            if (Bits.get(validity, r)) {
                int start = so.getInt((long) r << 2);
                int end = so.getInt(((long) r << 2) + 4);
                int regexStart = ro.getInt((long) r << 2);
                int regexEnd = ro.getInt(((long) r << 2) + 4);
                Pattern p = regex.get(rd, regexStart, regexEnd);
                int limit = limits.getInt((long) r << 2);
                CharSequence text = view.of(sd, start, end);
                String[] parts = end > start && regexEnd == regexStart ? characters(text.toString(), limit)
                        : p.split(text, limit <= 0 ? -1 : limit);
                for (String part : parts) {
                    byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                    pieces.setSafe(position++, bytes, 0, bytes.length);
                }
            }
            offsets.setInt((long) (r + 1) << 2, position);
        }
        pieces.setValueCount(position);
        result.setLastSet(n - 1);
    }

    /** Spark's split of a non-empty string by the empty regex: one piece per character, at most limit pieces. */
    private static String[] characters(String s, int limit) {
        int chars = s.codePointCount(0, s.length());
        int count = limit > chars || limit <= 0 ? chars : limit;
        String[] out = new String[count];
        int at = 0;
        for (int i = 0; i < count - 1; i++) {
            int next = s.offsetByCodePoints(at, 1);
            out[i] = s.substring(at, next);
            at = next;
        }
        out[count - 1] = s.substring(at);
        return out;
    }
}
