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

/**
 * concat_ws(sep, s1, s2, ...): the non-null strings joined by sep (null strings are skipped, not joined as
 * empty); null only when sep is null; '' with no strings.
 */
final class ConcatWsFunction extends VectorExpression {
    private final List<VectorExpression> arguments;
    private final ByteBuilder buffer = new ByteBuilder();

    ConcatWsFunction(List<VectorExpression> arguments, BufferAllocator allocator) {
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
            ArrowBuf sepValid = values[0].getValidityBuffer();
            ArrowBuf sepOffsets = values[0].getOffsetBuffer();
            ArrowBuf sepData = values[0].getDataBuffer();
            for (int r = 0; r < n; r++) {
                if (!Bits.get(sepValid, r)) {
                    continue;
                }
                int sepStart = sepOffsets.getInt((long) r << 2);
                int sepEnd = sepOffsets.getInt(((long) r << 2) + 4);
                buffer.reset();
                boolean first = true;
                for (int a = 1; a < values.length; a++) {
                    FieldVector v = values[a];
                    if (!Bits.get(v.getValidityBuffer(), r)) {
                        continue;
                    }
                    if (!first) {
                        buffer.append(sepData, sepStart, sepEnd);
                    }
                    first = false;
                    ArrowBuf offsets = v.getOffsetBuffer();
                    buffer.append(v.getDataBuffer(), offsets.getInt((long) r << 2), offsets.getInt(((long) r << 2) + 4));
                }
                buffer.writeTo(result, r);
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
