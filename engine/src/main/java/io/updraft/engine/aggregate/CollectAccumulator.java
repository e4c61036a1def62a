package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.List;

/**
 * collect_list / collect_set: the group's non-null values as an array, never null (an empty array for a
 * group without values, as Spark). The state is the array itself ({@code array<T>}, elements never null);
 * merging appends the partial arrays' elements in the order they arrive. collect_list keeps every value in
 * input order within a task; collect_set keeps the first occurrence of each value (doubles compared as
 * grouping keys: -0.0 equals 0.0 and is stored as 0.0, NaN equals NaN). Not thread-safe.
 */
final class CollectAccumulator extends Accumulator {
    private final ArrayType type;
    private final PhysicalKind kind;
    private final boolean distinct;
    private final GroupValueLists lists;
    private final GroupValueIndex seen;
    private final ValueBits bits = new ValueBits();

    CollectAccumulator(ArrayType type, boolean distinct) {
        this.type = type;
        this.kind = PhysicalKind.of(type.elementType());
        this.distinct = distinct;
        this.lists = new GroupValueLists(kind);
        this.seen = distinct ? new GroupValueIndex(lists) : null;
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(type);
    }

    @Override
    public void ensureGroups(int groupCount) {
        lists.ensure(groupCount);
    }

    @Override
    public long heapBytes() {
        return lists.heapBytes() + (seen == null ? 0 : seen.heapBytes());
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        if (kind == PhysicalKind.NULL) {
            return;
        }
        ArrowBuf validity = argument.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                add(groupIds[i], argument, i);
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        if (kind == PhysicalKind.NULL) {
            return;
        }
        ListVector partial = (ListVector) state[0];
        ArrowBuf validity = partial.getValidityBuffer();
        ArrowBuf offsets = partial.getOffsetBuffer();
        FieldVector elements = partial.getDataVector();
        ArrowBuf elementValidity = elements.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int g = groupIds[i];
            int end = offsets.getInt(((long) i << 2) + 4);
            for (int e = offsets.getInt((long) i << 2); e < end; e++) {
                if (Bits.get(elementValidity, e)) {
                    add(g, elements, e);
                }
            }
        }
    }

    private void add(int g, FieldVector v, int row) {
        ValueBits value = bits.read(kind, v, row, distinct);
        long low = value.low;
        long high = value.high;
        byte[] bytes = value.bytes;
        if (seen != null) {
            if (seen.find(g, low, high, bytes) >= 0) {
                return;
            }
            seen.put(g, lists.size(g), low, high, bytes);
        }
        lists.append(g, low, high, bytes);
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        lists.write(from, count, out[0]);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        lists.write(from, count, out);
    }
}
