package io.updraft.engine.expr.array;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * size(array) / cardinality(array): the number of elements (null elements count), and null for a null array —
 * Spark 4's default (ANSI mode on; the legacy -1 of {@code spark.sql.legacy.sizeOfNull} applies only with ANSI
 * off, which Updraft does not implement).
 */
final class SizeFunction extends VectorExpression {
    private final VectorExpression argument;

    SizeFunction(VectorExpression argument, BufferAllocator allocator) {
        super(DataTypes.IntegerType, allocator);
        this.argument = argument;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(argument);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector in = argument.evaluate(batch);
        FieldVector out = newResult(n);
        try {
            ArrowBuf validity = in.getValidityBuffer();
            ArrowBuf offsets = in.getOffsetBuffer();
            ArrowBuf data = out.getDataBuffer();
            ArrowBuf outValidity = out.getValidityBuffer();
            for (int r = 0; r < n; r++) {
                if (Bits.get(validity, r)) {
                    data.setInt((long) r << 2, offsets.getInt(((long) r << 2) + 4) - offsets.getInt((long) r << 2));
                    Bits.set(outValidity, r);
                }
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            release(argument, in);
        }
    }
}
