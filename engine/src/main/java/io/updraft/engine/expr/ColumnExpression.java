package io.updraft.engine.expr;

import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/** Input column {@code index}: returns the batch's own vector (borrowed). */
final class ColumnExpression extends VectorExpression {
    private final int index;

    ColumnExpression(int index, DataType type, BufferAllocator allocator) {
        super(type, allocator);
        this.index = index;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        if (index >= batch.columnCount()) {
            throw new IllegalStateException("column " + index + " referenced but the batch has "
                    + batch.columnCount() + " columns");
        }
        return batch.vector(index);
    }

    @Override
    public boolean borrowsResult() {
        return true;
    }
}
