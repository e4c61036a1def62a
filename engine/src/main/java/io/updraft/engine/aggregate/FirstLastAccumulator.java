package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.Arrays;
import java.util.List;

/**
 * first(x) / last(x), optionally ignoring nulls, as Spark: the value of the first (last) row seen — in
 * input order within a task, in partial-state order when merging. State [value, set]: {@code set} tells
 * whether a value (null allowed unless nulls are ignored) was taken, so merging takes the first (last)
 * partial that has one. A group that took nothing yields null.
 */
final class FirstLastAccumulator extends Accumulator {
    private final DataType type;
    private final boolean last;
    private final boolean ignoreNulls;
    private final HeapValues values;
    private boolean[] set = new boolean[16];

    FirstLastAccumulator(DataType type, boolean last, boolean ignoreNulls) {
        this.type = type;
        this.last = last;
        this.ignoreNulls = ignoreNulls;
        this.values = new HeapValues(PhysicalKind.of(type));
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(type, DataTypes.BooleanType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        values.ensure(groupCount);
        if (set.length < groupCount) {
            set = Arrays.copyOf(set, grow(set.length, groupCount));
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        boolean nullKind = PhysicalKind.of(type) == PhysicalKind.NULL;
        ArrowBuf validity = nullKind ? null : argument.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            int g = groupIds[i];
            if (!last && set[g]) {
                continue;
            }
            if (ignoreNulls && (nullKind || !Bits.get(validity, i))) {
                continue;
            }
            values.set(g, argument, i);
            set[g] = true;
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        ArrowBuf setValidity = state[1].getValidityBuffer();
        ArrowBuf setData = state[1].getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(setValidity, i) || !Bits.get(setData, i)) {
                continue;
            }
            int g = groupIds[i];
            if (!last && set[g]) {
                continue;
            }
            values.set(g, state[0], i);
            set[g] = true;
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        writeResult(from, count, out[0]);
        ArrowBuf validity = out[1].getValidityBuffer();
        ArrowBuf data = out[1].getDataBuffer();
        Bits.setAll(validity, count);
        for (int i = 0; i < count; i++) {
            if (set[from + i]) {
                Bits.set(data, i);
            } else {
                Bits.clear(data, i);
            }
        }
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        for (int i = 0; i < count; i++) {
            int g = from + i;
            if (set[g]) {
                values.write(g, out, i);
            }
        }
    }
}
