package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.BaseVariableWidthVector;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * min / max of any orderable type; the state is the running extreme itself (same type as the input),
 * so merging partial states is the same operation as adding input. Nulls are skipped; a group that saw
 * no value yields null. Doubles order as Spark (NaN largest); strings by UTF-8 bytes.
 */
final class MinMaxAccumulator extends Accumulator {
    private final DataType type;
    private final PhysicalKind kind;
    private final boolean max;
    private boolean[] seen = new boolean[16];
    private long[] longs;
    private double[] doubles;
    private BigInteger[] bigs;
    private byte[][] strings;

    MinMaxAccumulator(DataType type, boolean max) {
        this.type = type;
        this.kind = PhysicalKind.of(type);
        this.max = max;
        switch (kind) {
            case FLOAT64, FLOAT32 -> doubles = new double[16];
            case UTF8, BINARY -> strings = new byte[16][];
            case DECIMAL -> {
                longs = new long[16];
                bigs = new BigInteger[16];
            }
            default -> longs = new long[16];
        }
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(type);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (seen.length >= groupCount) {
            return;
        }
        int size = grow(seen.length, groupCount);
        seen = Arrays.copyOf(seen, size);
        if (longs != null) {
            longs = Arrays.copyOf(longs, size);
        }
        if (doubles != null) {
            doubles = Arrays.copyOf(doubles, size);
        }
        if (bigs != null) {
            bigs = Arrays.copyOf(bigs, size);
        }
        if (strings != null) {
            strings = Arrays.copyOf(strings, size);
        }
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf data = argument.getDataBuffer();
        switch (kind) {
            case BOOLEAN, INT8, INT16, INT32, INT64 -> {
                for (int i = 0; i < n; i++) {
                    if (!Bits.get(validity, i)) {
                        continue;
                    }
                    long v = switch (kind) {
                        case BOOLEAN -> Bits.get(data, i) ? 1 : 0;
                        case INT8 -> data.getByte(i);
                        case INT16 -> data.getShort((long) i << 1);
                        case INT32 -> data.getInt((long) i << 2);
                        default -> data.getLong((long) i << 3);
                    };
                    int g = groupIds[i];
                    if (!seen[g] || (max ? v > longs[g] : v < longs[g])) {
                        longs[g] = v;
                        seen[g] = true;
                    }
                }
            }
            case FLOAT64, FLOAT32 -> {
                for (int i = 0; i < n; i++) {
                    if (!Bits.get(validity, i)) {
                        continue;
                    }
                    double v = kind == PhysicalKind.FLOAT32 ? data.getFloat((long) i << 2) : data.getDouble((long) i << 3);
                    int g = groupIds[i];
                    if (!seen[g]) {
                        doubles[g] = v;
                        seen[g] = true;
                    } else {
                        int c = v == doubles[g] ? 0 : Double.compare(v, doubles[g]);
                        if (max ? c > 0 : c < 0) {
                            doubles[g] = v;
                        }
                    }
                }
            }
            case DECIMAL -> {
                for (int i = 0; i < n; i++) {
                    if (!Bits.get(validity, i)) {
                        continue;
                    }
                    int g = groupIds[i];
                    if (Decimals.fitsLong(data, i) && (!seen[g] || bigs[g] == null)) {
                        long v = Decimals.low(data, i);
                        if (!seen[g] || (max ? v > longs[g] : v < longs[g])) {
                            longs[g] = v;
                            seen[g] = true;
                        }
                        continue;
                    }
                    BigInteger v = Decimals.unscaled(data, i);
                    BigInteger current = !seen[g] ? null : bigs[g] != null ? bigs[g] : BigInteger.valueOf(longs[g]);
                    if (current == null || (max ? v.compareTo(current) > 0 : v.compareTo(current) < 0)) {
                        if (v.bitLength() < 64) {
                            longs[g] = v.longValue();
                            bigs[g] = null;
                        } else {
                            bigs[g] = v;
                        }
                        seen[g] = true;
                    }
                }
            }
            case UTF8, BINARY -> {
                ArrowBuf offsets = argument.getOffsetBuffer();
                for (int i = 0; i < n; i++) {
                    if (!Bits.get(validity, i)) {
                        continue;
                    }
                    int g = groupIds[i];
                    int start = offsets.getInt((long) i << 2);
                    int end = offsets.getInt(((long) i << 2) + 4);
                    boolean replace = !seen[g];
                    if (!replace) {
                        byte[] current = strings[g];
                        int c = ByteFunctionHelpers.compare(data, start, end, current, 0, current.length);
                        replace = max ? c > 0 : c < 0;
                    }
                    if (replace) {
                        byte[] bytes = new byte[end - start];
                        data.getBytes(start, bytes, 0, bytes.length);
                        strings[g] = bytes;
                        seen[g] = true;
                    }
                }
            }
            case NULL -> {
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
            int g = from + i;
            if (!seen[g]) {
                continue;
            }
            switch (kind) {
                case BOOLEAN -> {
                    if (longs[g] != 0) {
                        Bits.set(data, i);
                    }
                }
                case INT8 -> data.setByte(i, (byte) longs[g]);
                case INT16 -> data.setShort((long) i << 1, (short) longs[g]);
                case INT32 -> data.setInt((long) i << 2, (int) longs[g]);
                case INT64 -> data.setLong((long) i << 3, longs[g]);
                case FLOAT32 -> data.setFloat((long) i << 2, (float) doubles[g]);
                case FLOAT64 -> data.setDouble((long) i << 3, doubles[g]);
                case DECIMAL -> {
                    if (bigs[g] != null) {
                        Decimals.setUnscaled(data, i, bigs[g]);
                    } else {
                        Decimals.setLong(data, i, longs[g]);
                    }
                }
                case UTF8, BINARY -> {
                    ((BaseVariableWidthVector) out).setSafe(i, strings[g], 0, strings[g].length);
                    continue;
                }
                case NULL -> {
                    continue;
                }
            }
            Bits.set(validity, i);
        }
    }
}
