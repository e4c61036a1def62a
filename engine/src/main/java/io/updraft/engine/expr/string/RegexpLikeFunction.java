package io.updraft.engine.expr.string;

import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;
import java.util.regex.Pattern;

/** rlike(str, regex): true when the Java regex matches anywhere in str ({@code find}), as Spark. */
final class RegexpLikeFunction extends NullIntolerantFunction {
    private final CompiledArgument<Pattern> regex;
    private final Regexes matchers = new Regexes();
    private final TextView view = new TextView();

    RegexpLikeFunction(VectorExpression string, VectorExpression regex, BufferAllocator allocator) {
        super(List.of(string, regex), DataTypes.BooleanType, allocator);
        this.regex = CompiledArgument.of(regex, text -> Regexes.compile(text, "rlike"));
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf bits = out.getDataBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf ro = in[1].getOffsetBuffer();
        ArrowBuf rd = in[1].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            Pattern p = regex.get(rd, ro.getInt((long) r << 2), ro.getInt(((long) r << 2) + 4));
            CharSequence text = view.of(sd, so.getInt((long) r << 2), so.getInt(((long) r << 2) + 4));
            if (matchers.matcher(p, text).find()) {
                Bits.set(bits, r);
            }
        }
    }
}
