package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.Arrays;
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
    private final ValueSet seen;

    CollectAccumulator(ArrayType type, boolean distinct) {
        this.type = type;
        this.kind = PhysicalKind.of(type.elementType());
        this.distinct = distinct;
        this.lists = new GroupValueLists(kind);
        this.seen = distinct ? new ValueSet() : null;
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
        long low = 0;
        long high = 0;
        byte[] bytes = null;
        switch (kind) {
            case BOOLEAN -> low = Bits.get(v.getDataBuffer(), row) ? 1 : 0;
            case INT32 -> low = v.getDataBuffer().getInt((long) row << 2);
            case INT64 -> low = v.getDataBuffer().getLong((long) row << 3);
            case FLOAT64 -> {
                double d = v.getDataBuffer().getDouble((long) row << 3);
                low = distinct ? RowKeys.normalizedBits(d) : Double.doubleToRawLongBits(d);
            }
            case DECIMAL -> {
                low = v.getDataBuffer().getLong((long) row << 4);
                high = v.getDataBuffer().getLong(((long) row << 4) + 8);
            }
            case UTF8 -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) row << 2);
                int end = offsets.getInt(((long) row << 2) + 4);
                bytes = new byte[end - start];
                v.getDataBuffer().getBytes(start, bytes, 0, bytes.length);
            }
            default -> throw new IllegalStateException("unexpected element kind " + kind);
        }
        if (seen != null && !seen.addIfAbsent(g, low, high, bytes)) {
            return;
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

    /**
     * The (group, value) pairs already collected: an open-addressing table of references (group, index into
     * the group's list) into {@link #lists}, so values are stored once.
     */
    private final class ValueSet {
        private int[] slotGroup = filled(64);
        private int[] slotIndex = new int[64];
        private int used;

        long heapBytes() {
            return 8L * slotGroup.length;
        }

        boolean addIfAbsent(int g, long low, long high, byte[] bytes) {
            if (2 * (used + 1) > slotGroup.length) {
                resize();
            }
            int mask = slotGroup.length - 1;
            int slot = hash(g, low, high, bytes) & mask;
            while (slotGroup[slot] >= 0) {
                if (slotGroup[slot] == g && matches(g, slotIndex[slot], low, high, bytes)) {
                    return false;
                }
                slot = (slot + 1) & mask;
            }
            slotGroup[slot] = g;
            slotIndex[slot] = lists.size(g);
            used++;
            return true;
        }

        private boolean matches(int g, int k, long low, long high, byte[] bytes) {
            return switch (kind) {
                case UTF8 -> Arrays.equals(lists.bytes(g, k), bytes);
                case DECIMAL -> lists.low(g, k) == low && lists.high(g, k) == high;
                default -> lists.low(g, k) == low;
            };
        }

        private int hash(int g, long low, long high, byte[] bytes) {
            long h = kind == PhysicalKind.UTF8 ? Arrays.hashCode(bytes) : low * 0x9E3779B97F4A7C15L + high;
            h = (h ^ (h >>> 29)) * 0xBF58476D1CE4E5B9L + g * 0x94D049BB133111EBL;
            return (int) (h ^ (h >>> 32));
        }

        private void resize() {
            int[] oldGroup = slotGroup;
            int[] oldIndex = slotIndex;
            slotGroup = filled(oldGroup.length * 2);
            slotIndex = new int[oldGroup.length * 2];
            int mask = slotGroup.length - 1;
            for (int s = 0; s < oldGroup.length; s++) {
                int g = oldGroup[s];
                if (g < 0) {
                    continue;
                }
                int k = oldIndex[s];
                long low = kind == PhysicalKind.UTF8 ? 0 : lists.low(g, k);
                long high = kind == PhysicalKind.DECIMAL ? lists.high(g, k) : 0;
                byte[] bytes = kind == PhysicalKind.UTF8 ? lists.bytes(g, k) : null;
                int slot = hash(g, low, high, bytes) & mask;
                while (slotGroup[slot] >= 0) {
                    slot = (slot + 1) & mask;
                }
                slotGroup[slot] = g;
                slotIndex[slot] = k;
            }
        }

        private static int[] filled(int n) {
            int[] a = new int[n];
            Arrays.fill(a, -1);
            return a;
        }
    }
}
