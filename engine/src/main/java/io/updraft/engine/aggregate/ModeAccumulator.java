package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.core.plan.AggregateCall;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * mode(x): the most frequent non-null value, null without values. State: the group's value counts
 * ({@link GroupValueCounts}). Of equally frequent values the smallest wins — what Spark's
 * {@code mode(x, true)} returns; Spark's plain {@code mode(x)} picks one of them in hash-map order. Not
 * thread-safe.
 */
final class ModeAccumulator extends Accumulator {
    private final DataType type;
    private final GroupValueCounts counts;

    ModeAccumulator(DataType type) {
        this.type = type;
        this.counts = new GroupValueCounts(PhysicalKind.of(type));
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(new ArrayType(type, false), AggregateCall.COUNTS_STATE_TYPE);
    }

    @Override
    public void ensureGroups(int groupCount) {
        counts.ensure(groupCount);
    }

    @Override
    public long heapBytes() {
        return counts.heapBytes();
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        if (counts.kind() == PhysicalKind.NULL) {
            return;
        }
        ArrowBuf validity = argument.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                counts.add(groupIds[i], argument, i, 1);
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        if (counts.kind() != PhysicalKind.NULL) {
            counts.merge(state, groupIds, n);
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        counts.writeState(from, count, out[0], out[1]);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        if (counts.kind() == PhysicalKind.NULL) {
            return;
        }
        GroupValueLists values = counts.values();
        for (int i = 0; i < count; i++) {
            int g = from + i;
            int best = -1;
            for (int k = 0; k < counts.size(g); k++) {
                if (best < 0 || counts.count(g, k) > counts.count(g, best)
                        || counts.count(g, k) == counts.count(g, best) && values.compare(g, k, best) < 0) {
                    best = k;
                }
            }
            if (best >= 0) {
                values.writeValue(g, best, out, i);
            }
        }
    }
}
