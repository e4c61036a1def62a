package io.updraft.engine.expr.nested;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.Arrays;
import java.util.List;

/**
 * Spark's internal {@code MapSort}, applied at every depth as Spark 4.2's InsertMapSortInGroupingExpressions does
 * (map_sort of a map, of the values of a map whose values hold maps, of each field of a struct and each element of
 * an array holding maps): every map with its entries in ascending key order, nulls kept. The analyzer puts it around
 * grouping keys whose type holds a map, so values holding equal maps with entries in another order are one group. The entries are gathered in sorted order; offsets and validity are kept; parts
 * holding no map are shared, not copied.
 */
final class MapSortFunction extends VectorExpression {
    private final VectorExpression value;

    /** {@code type}: the argument's type, a map or a struct or array holding one. */
    MapSortFunction(VectorExpression value, DataType type, BufferAllocator allocator) {
        super(type, allocator);
        this.value = value;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(value);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        FieldVector in = value.evaluate(batch);
        try {
            return sorted(in, type(), batch.rowCount(), allocator);
        } finally {
            release(value, in);
        }
    }

    /** Rows [0, count) of {@code v} (of {@code type}) with every map sorted, as a new vector. */
    private static FieldVector sorted(FieldVector v, DataType type, int count, BufferAllocator allocator) {
        if (type instanceof MapType m) {
            return sortedMap((MapVector) v, m, count, allocator);
        }
        if (type instanceof StructType s && s.containsMap()) {
            DataType[] types = new DataType[s.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = s.get(i).dataType();
            }
            return sortedStruct((StructVector) v, types, count, allocator);
        }
        if (type instanceof ArrayType a && a.elementType().containsMap()) {
            return sortedArray((ListVector) v, a.elementType(), count, allocator);
        }
        return Vectors.slice(v, 0, count, allocator);
    }

    private static FieldVector sortedMap(MapVector m, MapType type, int n, BufferAllocator allocator) {
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
            copyOffsetsAndValidity(m, out, n);
            // values holding maps are sorted inside first (Spark: map_sort(map_from_arrays(keys, sorted values)))
            FieldVector sortedEntries;
            if (type.valueType().containsMap()) {
                try (FieldVector inner = sortedStruct(entries, new DataType[] {type.keyType(), type.valueType()},
                        total, allocator)) {
                    sortedEntries = Vectors.gather(inner, rows, total, allocator);
                }
            } else {
                sortedEntries = Vectors.gather(entries, rows, total, allocator);
            }
            try (FieldVector sorted = sortedEntries) {
                sorted.makeTransferPair(out.getDataVector()).transfer();
            }
            out.setLastSet(n - 1);
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static FieldVector sortedStruct(StructVector in, DataType[] types, int n, BufferAllocator allocator) {
        StructVector out = (StructVector) in.getField().createVector(allocator);
        try {
            out.setInitialCapacity(Math.max(n, 1));
            out.allocateNew();
            out.getValidityBuffer().setBytes(0, in.getValidityBuffer(), 0, Math.min(
                    out.getValidityBuffer().capacity(), in.getValidityBuffer().capacity()));
            for (int i = 0; i < types.length; i++) {
                try (FieldVector child = sorted((FieldVector) in.getChildByOrdinal(i), types[i], n, allocator)) {
                    child.makeTransferPair((FieldVector) out.getChildByOrdinal(i)).transfer();
                }
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static FieldVector sortedArray(ListVector in, DataType elementType, int n, BufferAllocator allocator) {
        ListVector out = (ListVector) in.getField().createVector(allocator);
        try {
            out.setInitialCapacity(Math.max(n, 1));
            out.allocateNew();
            copyOffsetsAndValidity(in, out, n);
            int total = n == 0 ? 0 : in.getOffsetBuffer().getInt((long) n << 2);
            try (FieldVector elements = sorted(in.getDataVector(), elementType, total, allocator)) {
                elements.makeTransferPair(out.getDataVector()).transfer();
            }
            out.setLastSet(n - 1);
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static void copyOffsetsAndValidity(ListVector in, ListVector out, int n) {
        if (n > 0) {
            out.getOffsetBuffer().setBytes(0, in.getOffsetBuffer(), 0, (long) (n + 1) << 2);
        }
        out.getValidityBuffer().setBytes(0, in.getValidityBuffer(), 0, Math.min(
                out.getValidityBuffer().capacity(), in.getValidityBuffer().capacity()));
    }
}
