package io.updraft.engine.expr.predicate;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** Boolean NOT; null stays null. */
public final class NotExpression extends VectorExpression {
    private final VectorExpression child;

    public NotExpression(VectorExpression child, BufferAllocator allocator) {
        super(DataTypes.BooleanType, allocator);
        this.child = child;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(child);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector c = child.evaluate(batch);
        try {
            FieldVector out = newResult(n);
            ArrowBuf cd = c.getDataBuffer();
            ArrowBuf od = out.getDataBuffer();
            int nbytes = Bits.bytesFor(n);
            for (int w = 0; w < Bits.words(n); w++) {
                Bits.storeWord(od, w, ~Bits.word(cd, w, nbytes), nbytes);
            }
            Bits.copy(c.getValidityBuffer(), out.getValidityBuffer(), n);
            out.setValueCount(n);
            return out;
        } finally {
            release(child, c);
        }
    }
}
