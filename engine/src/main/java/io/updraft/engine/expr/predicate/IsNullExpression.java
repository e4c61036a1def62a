package io.updraft.engine.expr.predicate;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.NullType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** IS NULL (or IS NOT NULL when {@code negated}) read straight from the validity bitmap; never null. */
public final class IsNullExpression extends VectorExpression {
    private final VectorExpression child;
    private final boolean negated;

    public IsNullExpression(VectorExpression child, boolean negated, BufferAllocator allocator) {
        super(DataTypes.BooleanType, allocator);
        this.child = child;
        this.negated = negated;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(child);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector out = newResult(n);
        ArrowBuf od = out.getDataBuffer();
        Bits.setAll(out.getValidityBuffer(), n);
        if (child.type() instanceof NullType) {
            if (!negated) {
                Bits.setAll(od, n);
            }
            out.setValueCount(n);
            return out;
        }
        FieldVector c = null;
        try {
            c = child.evaluate(batch);
            ArrowBuf cv = c.getValidityBuffer();
            int nbytes = Bits.bytesFor(n);
            for (int w = 0; w < Bits.words(n); w++) {
                long valid = Bits.word(cv, w, nbytes);
                Bits.storeWord(od, w, negated ? valid : ~valid, nbytes);
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            release(child, c);
        }
    }
}
