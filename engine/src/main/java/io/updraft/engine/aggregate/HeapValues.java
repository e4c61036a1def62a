package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.util.Arrays;

/**
 * One value (or null) per group on the Java heap, of any type: fixed-width values as raw bits in longs
 * (decimals in two), strings as UTF-8 byte arrays. Copies values out of and back into Arrow vectors
 * without interpreting them. Not thread-safe.
 */
final class HeapValues {
    private final PhysicalKind kind;
    private boolean[] present = new boolean[16];
    private long[] low;
    private long[] high;
    private byte[][] bytes;

    HeapValues(PhysicalKind kind) {
        this.kind = kind;
        switch (kind) {
            case UTF8 -> bytes = new byte[16][];
            case DECIMAL -> {
                low = new long[16];
                high = new long[16];
            }
            default -> low = new long[16];
        }
    }

    void ensure(int groupCount) {
        if (present.length >= groupCount) {
            return;
        }
        int size = Accumulator.grow(present.length, groupCount);
        present = Arrays.copyOf(present, size);
        if (low != null) {
            low = Arrays.copyOf(low, size);
        }
        if (high != null) {
            high = Arrays.copyOf(high, size);
        }
        if (bytes != null) {
            bytes = Arrays.copyOf(bytes, size);
        }
    }

    /** Stores row {@code row} of {@code v} (possibly null) as group {@code g}'s value. */
    void set(int g, FieldVector v, int row) {
        if (kind == PhysicalKind.NULL || !Bits.get(v.getValidityBuffer(), row)) {
            present[g] = false;
            return;
        }
        present[g] = true;
        ArrowBuf data = v.getDataBuffer();
        switch (kind) {
            case BOOLEAN -> low[g] = Bits.get(data, row) ? 1 : 0;
            case INT32 -> low[g] = data.getInt((long) row << 2);
            case INT64, FLOAT64 -> low[g] = data.getLong((long) row << 3);
            case DECIMAL -> {
                low[g] = data.getLong((long) row << 4);
                high[g] = data.getLong(((long) row << 4) + 8);
            }
            case UTF8 -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) row << 2);
                int end = offsets.getInt(((long) row << 2) + 4);
                byte[] b = new byte[end - start];
                data.getBytes(start, b, 0, b.length);
                bytes[g] = b;
            }
            case NULL -> {
            }
        }
    }

    boolean isNull(int g) {
        return !present[g];
    }

    /**
     * The sign of (row {@code row} of {@code v}) minus (group {@code g}'s value), both non-null, in Spark's value
     * order: doubles with NaN largest and -0.0 equal to 0.0, decimals by unscaled value (one scale per column),
     * strings by UTF-8 bytes, false before true.
     */
    int compareTo(int g, FieldVector v, int row) {
        ArrowBuf data = v.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Long.compare(Bits.get(data, row) ? 1 : 0, low[g]);
            case INT32 -> Long.compare(data.getInt((long) row << 2), low[g]);
            case INT64 -> Long.compare(data.getLong((long) row << 3), low[g]);
            case FLOAT64 -> compareDoubles(data.getDouble((long) row << 3), Double.longBitsToDouble(low[g]));
            case DECIMAL -> {
                int c = Long.compare(data.getLong(((long) row << 4) + 8), high[g]);
                yield c != 0 ? c : Long.compareUnsigned(data.getLong((long) row << 4), low[g]);
            }
            case UTF8 -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) row << 2);
                int end = offsets.getInt(((long) row << 2) + 4);
                byte[] b = new byte[end - start];
                data.getBytes(start, b, 0, b.length);
                yield Arrays.compareUnsigned(b, bytes[g]);
            }
            case NULL -> 0;
            default -> throw new IllegalStateException("values of kind " + kind + " are not ordered here");
        };
    }

    /** Spark's double order: NaN after every other value (and equal to itself), -0.0 equal to 0.0. */
    static int compareDoubles(double a, double b) {
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        if (a == b) {
            return 0;
        }
        return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
    }

    /** Writes group {@code g}'s value at index {@code i} of {@code out} (allocated; nothing written for null). */
    void write(int g, FieldVector out, int i) {
        if (!present[g]) {
            return;
        }
        ArrowBuf data = out.getDataBuffer();
        switch (kind) {
            case BOOLEAN -> {
                if (low[g] != 0) {
                    Bits.set(data, i);
                }
            }
            case INT32 -> data.setInt((long) i << 2, (int) low[g]);
            case INT64, FLOAT64 -> data.setLong((long) i << 3, low[g]);
            case DECIMAL -> {
                data.setLong((long) i << 4, low[g]);
                data.setLong(((long) i << 4) + 8, high[g]);
            }
            case UTF8 -> {
                ((VarCharVector) out).setSafe(i, bytes[g], 0, bytes[g].length);
                return;
            }
            case NULL -> {
                return;
            }
        }
        Bits.set(out.getValidityBuffer(), i);
    }
}
