package io.updraft.engine.expr.nested;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.MapType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.Arrays;
import java.util.List;

/**
 * Spark's internal {@code MapSort}: each map with its entries in ascending key order (null maps stay null). The
 * analyzer puts it around map grouping keys, so maps with the same entries in another order are one group (Spark
 * 4's InsertMapSortInGroupingExpressions). The entries are gathered in sorted order; offsets and validity are kept.
 */
final class MapSortFunction extends VectorExpression {
    private final VectorExpression map;

    MapSortFunction(VectorExpression map, MapType type, BufferAllocator allocator) {
        super(type, allocator);
        this.map = map;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(map);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        FieldVector in = map.evaluate(batch);
        try {
            MapVector m = (MapVector) in;
            int n = batch.rowCount();
            ArrowBuf offsets = m.getOffsetBuffer();
            int total = n == 0 ? 0 : offsets.getInt((long) n << 2);
            StructVector entries = (StructVector) m.getDataVector();
            FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
            PhysicalKind kind = Vectors.kindOf(keys);
            Integer[] order = new Integer[total];
            for (int i = 0; i < total; i++) {
                order[i] = i;
            }
            for (int r = 0; r < n; r++) {
                int start = offsets.getInt((long) r << 2);
                int end = offsets.getInt((long) (r + 1) << 2);
                if (end - start > 1) {
                    Arrays.sort(order, start, end, (x, y) -> RowKeys.compareValues(kind, keys, x, keys, y));
                }
            }
            int[] rows = new int[total];
            for (int i = 0; i < total; i++) {
                rows[i] = order[i];
            }
            MapVector out = (MapVector) m.getField().createVector(allocator);
            try {
                out.setInitialCapacity(Math.max(n, 1));
                out.allocateNew();
                out.getOffsetBuffer().setBytes(0, offsets, 0, (long) (n + 1) << 2);
                out.getValidityBuffer().setBytes(0, m.getValidityBuffer(), 0, Math.min(
                        out.getValidityBuffer().capacity(), m.getValidityBuffer().capacity()));
                try (FieldVector sorted = Vectors.gather(entries, rows, total, allocator)) {
                    sorted.makeTransferPair(out.getDataVector()).transfer();
                }
                out.setLastSet(n - 1);
                out.setValueCount(n);
                return out;
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        } finally {
            release(map, in);
        }
    }
}
