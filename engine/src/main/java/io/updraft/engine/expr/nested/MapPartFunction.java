package io.updraft.engine.expr.nested;

import io.updraft.engine.ArrowTypes;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.ArrayType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.List;

/**
 * map_keys(map) / map_values(map): the map's keys or values as an array in entry order, null for a null map.
 * The array shares the map's validity, offsets and entry column (no copy of the values).
 */
final class MapPartFunction extends VectorExpression {
    private final VectorExpression map;
    private final int part;

    /** {@code part} 0 for the keys, 1 for the values. */
    MapPartFunction(VectorExpression map, int part, ArrayType type, BufferAllocator allocator) {
        super(type, allocator);
        this.map = map;
        this.part = part;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(map);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector in = map.evaluate(batch);
        ListVector out = (ListVector) ArrowTypes.toField("", type, true).createVector(allocator);
        try {
            MapVector m = (MapVector) in;
            out.setInitialCapacity(Math.max(n, 1));
            out.allocateNew();
            out.getValidityBuffer().setBytes(0, m.getValidityBuffer(), 0, Math.min(
                    out.getValidityBuffer().capacity(), m.getValidityBuffer().capacity()));
            out.getOffsetBuffer().setBytes(0, m.getOffsetBuffer(), 0, (long) (n + 1) << 2);
            FieldVector entry = (FieldVector) ((StructVector) m.getDataVector()).getChildByOrdinal(part);
            try (FieldVector shared = Vectors.share(entry, allocator)) {
                shared.makeTransferPair(out.getDataVector()).transfer();
            }
            out.setLastSet(n - 1);
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            release(map, in);
        }
    }
}
