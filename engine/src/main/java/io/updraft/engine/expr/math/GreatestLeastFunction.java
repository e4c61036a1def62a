package io.updraft.engine.expr.math;

import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * greatest / least(a, b, ...) over arguments of one type: the largest (smallest) non-null value per row, null
 * only when every argument is; the first of equal values wins. Values order as in sorting: doubles with NaN
 * above everything and -0.0 = 0.0, strings by UTF-8 bytes, decimals by value.
 */
final class GreatestLeastFunction extends VectorExpression {
    private final List<VectorExpression> arguments;
    private final boolean greatest;
    private final PhysicalKind kind;

    GreatestLeastFunction(List<VectorExpression> arguments, boolean greatest, DataType type, BufferAllocator allocator) {
        super(type, allocator);
        this.arguments = List.copyOf(arguments);
        this.greatest = greatest;
        this.kind = Kernels.kind(type);
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
            int sign = greatest ? 1 : -1;
            for (int r = 0; r < n; r++) {
                FieldVector best = null;
                for (FieldVector v : values) {
                    if (Bits.get(v.getValidityBuffer(), r)
                            && (best == null || sign * RowKeys.compareValues(kind, v, r, best, r) > 0)) {
                        best = v;
                    }
                }
                if (best != null) {
                    out.copyFromSafe(r, r, best);
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
