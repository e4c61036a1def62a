package io.updraft.engine.expr.conditional;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.NullType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** coalesce(a, b, ...): the first non-null argument per row; later arguments are evaluated only if needed. */
final class CoalesceFunction extends VectorExpression {
    private final List<VectorExpression> arguments;

    CoalesceFunction(List<VectorExpression> arguments, DataType type, BufferAllocator allocator) {
        super(type, allocator);
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
        int[] source = new int[n];
        java.util.Arrays.fill(source, -1);
        FieldVector out = null;
        try {
            int missing = n;
            for (int a = 0; a < arguments.size() && missing > 0 && !(type instanceof NullType); a++) {
                values[a] = arguments.get(a).evaluate(batch);
                ArrowBuf valid = values[a].getValidityBuffer();
                for (int r = 0; r < n; r++) {
                    if (source[r] < 0 && Bits.get(valid, r)) {
                        source[r] = a;
                        missing--;
                    }
                }
            }
            out = newResult(n);
            for (int r = 0; r < n; r++) {
                if (source[r] >= 0) {
                    out.copyFromSafe(r, r, values[source[r]]);
                }
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
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
