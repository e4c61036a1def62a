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

/** sum as double (of double values, or of int/bigint values for AVG's state); null when no value was seen. */
final class DoubleSumAccumulator extends Accumulator {
    private double[] sums = new double[16];
    private boolean[] seen = new boolean[16];

    @Override
    public List<DataType> stateTypes() {
        return List.of(DataTypes.DoubleType);
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
        PhysicalKind kind = Vectors.kindOf(argument);
        double[] s = sums;
        boolean[] f = seen;
        for (int i = 0; i < n; i++) {
            if (Bits.get(validity, i)) {
                int g = groupIds[i];
                s[g] += switch (kind) {
                    case INT32 -> data.getInt((long) i << 2);
                    case INT64 -> data.getLong((long) i << 3);
                    default -> data.getDouble((long) i << 3);
                };
                f[g] = true;
            }
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        update(state[0], groupIds, n);
    }

    boolean seen(int group) {
        return seen[group];
    }

    double sum(int group) {
        return sums[group];
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
                data.setDouble((long) i << 3, sums[from + i]);
            }
        }
    }
}
