package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * max_by(x, ord) / min_by(x, ord): the value of x at the row with the largest (smallest) ord; rows with a null ord
 * are skipped, x itself may be null. State [value, ordering], ordering null when nothing was seen. As Spark's
 * MaxMinBy, a later row (or a later partial state) with an equal ordering replaces the kept one. Not thread-safe.
 */
final class MaxMinByAccumulator extends Accumulator {
    private final DataType valueType;
    private final DataType orderingType;
    private final boolean max;
    private final HeapValues values;
    private final HeapValues orderings;

    MaxMinByAccumulator(DataType valueType, DataType orderingType, boolean max) {
        this.valueType = valueType;
        this.orderingType = orderingType;
        this.max = max;
        this.values = new HeapValues(PhysicalKind.of(valueType));
        this.orderings = new HeapValues(PhysicalKind.of(orderingType));
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(valueType, orderingType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        values.ensure(groupCount);
        orderings.ensure(groupCount);
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        throw new IllegalStateException((max ? "max_by" : "min_by") + " needs its ordering argument");
    }

    @Override
    public void update(FieldVector value, FieldVector ordering, int[] groupIds, int n) {
        offer(value, ordering, groupIds, n);
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        offer(state[0], state[1], groupIds, n);
    }

    /** Keeps (value, ordering) of every row whose ordering is not null and at least as extreme as the kept one. */
    private void offer(FieldVector value, FieldVector ordering, int[] groupIds, int n) {
        ArrowBuf validity = ordering.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int g = groupIds[i];
            if (!orderings.isNull(g)) {
                int c = orderings.compareTo(g, ordering, i);
                if (max ? c < 0 : c > 0) {
                    continue;
                }
            }
            orderings.set(g, ordering, i);
            values.set(g, value, i);
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        for (int i = 0; i < count; i++) {
            values.write(from + i, out[0], i);
            orderings.write(from + i, out[1], i);
        }
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        for (int i = 0; i < count; i++) {
            values.write(from + i, out, i);
        }
    }
}
