package io.updraft.engine.expr.nested;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.List;

/** get_struct_field(struct, ordinal): the field's value, null where the struct is null ({@code s.a}, getField). */
final class GetFieldFunction extends VectorExpression {
    private final VectorExpression struct;
    private final int ordinal;

    GetFieldFunction(VectorExpression struct, int ordinal, DataType fieldType, BufferAllocator allocator) {
        super(fieldType, allocator);
        this.struct = struct;
        this.ordinal = ordinal;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(struct);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector in = struct.evaluate(batch);
        try {
            ArrowBuf validity = in.getValidityBuffer();
            int[] rows = new int[n];
            for (int r = 0; r < n; r++) {
                rows[r] = Bits.get(validity, r) ? r : -1;
            }
            return Vectors.gather((FieldVector) ((StructVector) in).getChildByOrdinal(ordinal), rows, n, allocator);
        } finally {
            release(struct, in);
        }
    }
}
