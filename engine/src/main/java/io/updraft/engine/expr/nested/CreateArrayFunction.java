package io.updraft.engine.expr.nested;

import io.updraft.engine.ArrowTypes;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.ArrayType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.ArrayList;
import java.util.List;

/**
 * array(e1, e2, ...): each row an array of the arguments' values in order (null values kept as null elements), never
 * null. The element column is one gather over the arguments, row-major.
 */
final class CreateArrayFunction extends VectorExpression {
    private final List<VectorExpression> arguments;

    CreateArrayFunction(List<VectorExpression> arguments, ArrayType type, BufferAllocator allocator) {
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
        int width = arguments.size();
        List<FieldVector> evaluated = new ArrayList<>(width);
        ListVector out = (ListVector) ArrowTypes.toField("", type, true).createVector(allocator);
        try {
            for (VectorExpression a : arguments) {
                evaluated.add(a.evaluate(batch));
            }
            out.setInitialCapacity(Math.max(n, 1));
            out.allocateNew();
            ArrowBuf offsets = out.getOffsetBuffer();
            for (int r = 0; r <= n; r++) {
                offsets.setInt((long) r << 2, r * width);
            }
            Bits.setAll(out.getValidityBuffer(), n);
            if (width > 0) {
                int total = n * width;
                int[] rows = new int[total];
                int[] sources = new int[total];
                for (int r = 0; r < n; r++) {
                    for (int e = 0; e < width; e++) {
                        rows[r * width + e] = r;
                        sources[r * width + e] = e;
                    }
                }
                try (FieldVector elements = Vectors.gather(evaluated.toArray(new FieldVector[0]), sources, rows, 0,
                        total, allocator)) {
                    elements.makeTransferPair(out.getDataVector()).transfer();
                }
            }
            out.setLastSet(n - 1);
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            for (int i = 0; i < evaluated.size(); i++) {
                release(arguments.get(i), evaluated.get(i));
            }
        }
    }
}
