package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.Arrays;
import java.util.List;

/** sum of int or bigint values as bigint; wraps on overflow (Spark non-ANSI); null when no value was seen. */
final class LongSumAccumulator extends Accumulator {
    private long[] sums = new long[16];
    private boolean[] seen = new boolean[16];

    @Override
    public List<DataType> stateTypes() {
        return List.of(DataTypes.LongType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (sums.length < groupCount) {
            int size = grow(sums.length, groupCount);
            sums = Arrays.copyOf(sums, size);
            seen = Arrays.copyOf(seen, size);
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf data = argument.getDataBuffer();
        long[] s = sums;
        boolean[] f = seen;
        PhysicalKind kind = Vectors.kindOf(argument);
        if (kind == PhysicalKind.INT32) {
            for (int i = 0; i < n; i++) {
                if (Bits.get(validity, i)) {
                    int g = groupIds[i];
                    s[g] += data.getInt((long) i << 2);
                    f[g] = true;
                }
            }
        } else if (kind == PhysicalKind.INT8 || kind == PhysicalKind.INT16) {
            for (int i = 0; i < n; i++) {
                if (Bits.get(validity, i)) {
                    int g = groupIds[i];
                    s[g] += kind == PhysicalKind.INT8 ? data.getByte(i) : data.getShort((long) i << 1);
                    f[g] = true;
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                if (Bits.get(validity, i)) {
                    int g = groupIds[i];
                    s[g] += data.getLong((long) i << 3);
                    f[g] = true;
                }
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        update(state[0], groupIds, n);
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        writeResult(from, count, out[0]);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < count; i++) {
            if (seen[from + i]) {
                Bits.set(validity, i);
                data.setLong((long) i << 3, sums[from + i]);
            }
        }
    }
}
