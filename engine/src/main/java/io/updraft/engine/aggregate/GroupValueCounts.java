package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * How often each distinct non-null value occurs, per group (the state of mode and percentile, as Spark's counts
 * map): the distinct values in first-seen order and a count for each. Its partial state is two arrays of equal
 * length, [array&lt;T&gt; values, array&lt;bigint&gt; counts]. Doubles count as grouping keys do (-0.0 as 0.0, one
 * NaN). Not thread-safe.
 */
final class GroupValueCounts {
    private final PhysicalKind kind;
    private final GroupValueLists values;
    private final GroupValueLists counts = new GroupValueLists(PhysicalKind.INT64);
    private final GroupValueIndex index;
    private final ValueBits bits = new ValueBits();

    GroupValueCounts(PhysicalKind kind) {
        this.kind = kind;
        this.values = new GroupValueLists(kind);
        this.index = new GroupValueIndex(values);
    }

    PhysicalKind kind() {
        return kind;
    }

    void ensure(int groupCount) {
        values.ensure(groupCount);
        counts.ensure(groupCount);
    }

    long heapBytes() {
        return values.heapBytes() + counts.heapBytes() + index.heapBytes();
    }

    /** Adds {@code count} occurrences of row {@code row} of {@code v} (non-null) to group {@code g}. */
    void add(int g, FieldVector v, int row, long count) {
        ValueBits value = bits.read(kind, v, row, true);
        int k = index.find(g, value.low, value.high, value.bytes);
        if (k >= 0) {
            counts.addToLow(g, k, count);
            return;
        }
        index.put(g, values.size(g), value.low, value.high, value.bytes);
        values.append(g, value.low, value.high, value.bytes);
        counts.append(g, count, 0, null);
    }

    /** Merges partial states: {@code state[0]} the value lists, {@code state[1]} the count lists. */
    void merge(FieldVector[] state, int[] groupIds, int n) {
        ListVector valueLists = (ListVector) state[0];
        ListVector countLists = (ListVector) state[1];
        ArrowBuf validity = valueLists.getValidityBuffer();
        ArrowBuf offsets = valueLists.getOffsetBuffer();
        ArrowBuf countOffsets = countLists.getOffsetBuffer();
        FieldVector elements = valueLists.getDataVector();
        ArrowBuf countData = countLists.getDataVector().getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int start = offsets.getInt((long) i << 2);
            int end = offsets.getInt(((long) i << 2) + 4);
            int countStart = countOffsets.getInt((long) i << 2);
            for (int e = start; e < end; e++) {
                add(groupIds[i], elements, e, countData.getLong((long) (countStart + e - start) << 3));
            }
        }
    }

    void writeState(int from, int count, FieldVector valuesOut, FieldVector countsOut) {
        values.write(from, count, valuesOut);
        counts.write(from, count, countsOut);
    }

    int size(int g) {
        return values.size(g);
    }

    long count(int g, int k) {
        return counts.low(g, k);
    }

    /** The distinct values themselves (raw bits, order and output: see {@link GroupValueLists}). */
    GroupValueLists values() {
        return values;
    }

    /** Group {@code g}'s k-th distinct value: raw bits (see {@link GroupValueLists}). */
    long low(int g, int k) {
        return values.low(g, k);
    }

    long high(int g, int k) {
        return values.high(g, k);
    }

    byte[] bytes(int g, int k) {
        return values.bytes(g, k);
    }
}
