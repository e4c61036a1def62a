package io.updraft.engine.expr.predicate;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * AND / OR with SQL three-valued logic, 64 rows per step on the bitmaps: AND is false when either side
 * is false, true when both are true, else null; OR is true when either side is true, false when both
 * are false, else null. Both sides are evaluated (no side effects in non-ANSI mode).
 */
public final class LogicalExpression extends VectorExpression {
    private final boolean and;
    private final VectorExpression left;
    private final VectorExpression right;

    public LogicalExpression(boolean and, VectorExpression left, VectorExpression right, BufferAllocator allocator) {
        super(DataTypes.BooleanType, allocator);
        this.and = and;
        this.left = left;
        this.right = right;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(left, right);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector l = left.evaluate(batch);
        FieldVector r = null;
        FieldVector out = null;
        try {
            r = right.evaluate(batch);
            out = newResult(n);
            ArrowBuf lv = l.getValidityBuffer();
            ArrowBuf ld = l.getDataBuffer();
            ArrowBuf rv = r.getValidityBuffer();
            ArrowBuf rd = r.getDataBuffer();
            ArrowBuf ov = out.getValidityBuffer();
            ArrowBuf od = out.getDataBuffer();
            int nbytes = Bits.bytesFor(n);
            for (int w = 0; w < Bits.words(n); w++) {
                long av = Bits.word(lv, w, nbytes);
                long a = Bits.word(ld, w, nbytes);
                long bv = Bits.word(rv, w, nbytes);
                long b = Bits.word(rd, w, nbytes);
                long aTrue = av & a;
                long aFalse = av & ~a;
                long bTrue = bv & b;
                long bFalse = bv & ~b;
                long resultTrue;
                long resultFalse;
                if (and) {
                    resultTrue = aTrue & bTrue;
                    resultFalse = aFalse | bFalse;
                } else {
                    resultTrue = aTrue | bTrue;
                    resultFalse = aFalse & bFalse;
                }
                Bits.storeWord(ov, w, resultTrue | resultFalse, nbytes);
                Bits.storeWord(od, w, resultTrue, nbytes);
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            release(left, l);
            release(right, r);
        }
    }
}
