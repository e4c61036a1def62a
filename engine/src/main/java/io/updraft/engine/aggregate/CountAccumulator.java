package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.Arrays;
import java.util.List;

/** count(*) counts rows; count(x) counts non-null values. State and result: bigint, never null. */
final class CountAccumulator extends Accumulator {
    private long[] counts = new long[16];

    @Override
    public List<DataType> stateTypes() {
        return List.of(DataTypes.LongType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (counts.length < groupCount) {
            counts = Arrays.copyOf(counts, grow(counts.length, groupCount));
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        long[] c = counts;
        if (argument == null) {
            for (int i = 0; i < n; i++) {
                c[groupIds[i]]++;
            }
            return;
        }
        ArrowBuf validity = argument.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                c[groupIds[i]]++;
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        ArrowBuf validity = state[0].getValidityBuffer();
        ArrowBuf data = state[0].getDataBuffer();
        long[] c = counts;
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                c[groupIds[i]] += data.getLong((long) i << 3);
            }
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        writeResult(from, count, out[0]);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        ArrowBuf data = out.getDataBuffer();
        Bits.setAll(out.getValidityBuffer(), count);
        for (int i = 0; i < count; i++) {
            data.setLong((long) i << 3, counts[from + i]);
        }
    }
}
