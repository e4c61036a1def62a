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

/** str LIKE pattern [ESCAPE c] (see {@link LikePattern}); a constant pattern is compiled once. */
final class LikeFunction extends NullIntolerantFunction {
    private final CompiledArgument<LikePattern> pattern;

    LikeFunction(VectorExpression string, VectorExpression pattern, char escape, BufferAllocator allocator) {
        super(List.of(string, pattern), DataTypes.BooleanType, allocator);
        this.pattern = CompiledArgument.of(pattern, text -> LikePattern.compile(text, escape));
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf bits = out.getDataBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf po = in[1].getOffsetBuffer();
        ArrowBuf pd = in[1].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            LikePattern p = pattern.get(pd, po.getInt((long) r << 2), po.getInt(((long) r << 2) + 4));
            if (p.matches(sd, so.getInt((long) r << 2), so.getInt(((long) r << 2) + 4))) {
                Bits.set(bits, r);
            }
        }
    }
}
