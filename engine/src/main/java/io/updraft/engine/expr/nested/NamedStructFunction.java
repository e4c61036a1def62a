package io.updraft.engine.expr.nested;

import io.updraft.engine.ArrowTypes;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.List;

/**
 * named_struct(v1, v2, ...) typed {@code struct<n1:T1,n2:T2,...>} (the names are the result type's; the
 * analyzer also rewrites struct(...) into it): each row a struct of the argument values, never null.
 */
final class NamedStructFunction extends VectorExpression {
    private final List<VectorExpression> values;

    NamedStructFunction(List<VectorExpression> values, StructType type, BufferAllocator allocator) {
        super(type, allocator);
        if (values.size() != type.size()) {
            throw new IllegalArgumentException("named_struct of " + values.size() + " values typed " + type);
        }
        this.values = List.copyOf(values);
    }

    @Override
    public List<VectorExpression> children() {
        return values;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        StructVector out = (StructVector) ArrowTypes.toField("", type, true).createVector(allocator);
        try {
            out.setInitialCapacity(Math.max(n, 1));
            out.allocateNew();
            for (int f = 0; f < values.size(); f++) {
                VectorExpression value = values.get(f);
                FieldVector v = value.evaluate(batch);
                try (FieldVector shared = Vectors.share(v, allocator)) {
                    shared.makeTransferPair(out.getChildByOrdinal(f)).transfer();
                } finally {
                    release(value, v);
                }
            }
            Bits.setAll(out.getValidityBuffer(), n);
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }
}
