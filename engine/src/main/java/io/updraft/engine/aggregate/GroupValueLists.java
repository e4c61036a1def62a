package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.Arrays;

/**
 * A growable list of non-null values per group on the Java heap (the state of collect_list / collect_set):
 * fixed-width values as raw bits in longs (decimals in two), booleans as 0/1, strings as UTF-8 byte arrays.
 * Written out as one Arrow list per group. Not thread-safe.
 */
final class GroupValueLists {
    private static final long[] NO_LONGS = new long[0];
    private static final byte[][] NO_BYTES = new byte[0][];

    private final PhysicalKind kind;
    private int[] sizes = new int[16];
    private long[][] lows = new long[16][];
    private long[][] highs;
    private byte[][][] strings;
    private long heapBytes;

    GroupValueLists(PhysicalKind kind) {
        if (kind == PhysicalKind.LIST) {
            throw new IllegalArgumentException("lists of arrays are not supported");
        }
        this.kind = kind;
        if (kind == PhysicalKind.DECIMAL) {
            highs = new long[16][];
        }
        if (kind == PhysicalKind.UTF8) {
            strings = new byte[16][][];
        }
    }

    PhysicalKind kind() {
        return kind;
    }

    void ensure(int groupCount) {
        if (sizes.length >= groupCount) {
            return;
        }
        int size = Accumulator.grow(sizes.length, groupCount);
        sizes = Arrays.copyOf(sizes, size);
        lows = Arrays.copyOf(lows, size);
        if (highs != null) {
            highs = Arrays.copyOf(highs, size);
        }
        if (strings != null) {
            strings = Arrays.copyOf(strings, size);
        }
    }

    int size(int g) {
        return sizes[g];
    }

    long low(int g, int k) {
        return lows[g][k];
    }

    long high(int g, int k) {
        return highs[g][k];
    }

    byte[] bytes(int g, int k) {
        return strings[g][k];
    }

    /** Adds {@code delta} to entry {@code k} of group {@code g}'s list (a list of longs: counts). */
    void addToLow(int g, int k, long delta) {
        lows[g][k] += delta;
    }

    /** Writes entry {@code k} of group {@code g}'s list at index {@code i} of {@code out} (allocated), non-null. */
    void writeValue(int g, int k, FieldVector out, int i) {
        ArrowBuf data = out.getDataBuffer();
        switch (kind) {
            case BOOLEAN -> {
                if (lows[g][k] != 0) {
                    Bits.set(data, i);
                }
            }
            case INT32 -> data.setInt((long) i << 2, (int) lows[g][k]);
            case INT64, FLOAT64 -> data.setLong((long) i << 3, lows[g][k]);
            case DECIMAL -> {
                data.setLong((long) i << 4, lows[g][k]);
                data.setLong(((long) i << 4) + 8, highs[g][k]);
            }
            case UTF8 -> {
                ((VarCharVector) out).setSafe(i, strings[g][k], 0, strings[g][k].length);
                return;
            }
            default -> throw new IllegalStateException("unexpected element kind " + kind);
        }
        Bits.set(out.getValidityBuffer(), i);
    }

    /**
     * The sign of (entry {@code a}) minus (entry {@code b}) of group {@code g}'s list in Spark's value order (see
     * {@link HeapValues#compareTo}).
     */
    int compare(int g, int a, int b) {
        return switch (kind) {
            case BOOLEAN, INT32, INT64 -> Long.compare(lows[g][a], lows[g][b]);
            case FLOAT64 -> HeapValues.compareDoubles(Double.longBitsToDouble(lows[g][a]),
                    Double.longBitsToDouble(lows[g][b]));
            case DECIMAL -> {
                int c = Long.compare(highs[g][a], highs[g][b]);
                yield c != 0 ? c : Long.compareUnsigned(lows[g][a], lows[g][b]);
            }
            case UTF8 -> Arrays.compareUnsigned(strings[g][a], strings[g][b]);
            default -> 0;
        };
    }

    /** Approximate heap bytes of the stored values. */
    long heapBytes() {
        return heapBytes;
    }

    /** Appends a value to group {@code g}'s list (high: decimals only; bytes: strings only). */
    void append(int g, long low, long high, byte[] bytes) {
        int k = sizes[g];
        if (kind == PhysicalKind.UTF8) {
            byte[][] list = strings[g] == null ? NO_BYTES : strings[g];
            if (k == list.length) {
                list = Arrays.copyOf(list, Math.max(4, k * 2));
                strings[g] = list;
            }
            list[k] = bytes;
            heapBytes += bytes.length + 24;
        } else {
            long[] list = lows[g] == null ? NO_LONGS : lows[g];
            if (k == list.length) {
                list = Arrays.copyOf(list, Math.max(4, k * 2));
                lows[g] = list;
            }
            list[k] = low;
            heapBytes += 8;
            if (highs != null) {
                long[] h = highs[g] == null ? NO_LONGS : highs[g];
                if (k >= h.length) {
                    h = Arrays.copyOf(h, list.length);
                    highs[g] = h;
                }
                h[k] = high;
                heapBytes += 8;
            }
        }
        sizes[g] = k + 1;
    }

    /**
     * Writes groups [from, from + count) into {@code target} (a list vector of this kind's element type), one
     * non-null list per group; (re)allocates it and sets its value count.
     */
    void write(int from, int count, FieldVector target) {
        ListVector out = (ListVector) target;
        out.clear();
        out.setInitialCapacity(Math.max(count, 1));
        out.allocateNew();
        long total = 0;
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            int g = from + i;
            total += sizes[g];
            if (kind == PhysicalKind.UTF8) {
                for (int k = 0; k < sizes[g]; k++) {
                    bytes += strings[g][k].length;
                }
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException("collected arrays too large for one batch: " + total + " elements");
        }
        int elements = (int) total;
        FieldVector child = out.getDataVector();
        child.clear();
        if (child instanceof BaseFixedWidthVector fixed) {
            fixed.allocateNew(Math.max(elements, 1));
        } else if (child instanceof VarCharVector varChar) {
            varChar.allocateNew(Math.max(bytes, 1), Math.max(elements, 1));
        }
        ArrowBuf offsets = out.getOffsetBuffer();
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf childValidity = kind == PhysicalKind.NULL ? null : child.getValidityBuffer();
        ArrowBuf childData = kind == PhysicalKind.NULL || kind == PhysicalKind.UTF8 ? null : child.getDataBuffer();
        int at = 0;
        offsets.setInt(0, 0);
        for (int i = 0; i < count; i++) {
            int g = from + i;
            int n = sizes[g];
            for (int k = 0; k < n; k++) {
                switch (kind) {
                    case BOOLEAN -> {
                        if (lows[g][k] != 0) {
                            Bits.set(childData, at);
                        }
                    }
                    case INT32 -> childData.setInt((long) at << 2, (int) lows[g][k]);
                    case INT64, FLOAT64 -> childData.setLong((long) at << 3, lows[g][k]);
                    case DECIMAL -> {
                        childData.setLong((long) at << 4, lows[g][k]);
                        childData.setLong(((long) at << 4) + 8, highs[g][k]);
                    }
                    case UTF8 -> ((VarCharVector) child).set(at, strings[g][k]);
                    default -> throw new IllegalStateException("unexpected element kind " + kind);
                }
                if (kind != PhysicalKind.UTF8) {
                    Bits.set(childValidity, at);
                }
                at++;
            }
            Bits.set(validity, i);
            offsets.setInt((long) (i + 1) << 2, at);
        }
        child.setValueCount(elements);
        out.setLastSet(count - 1);
        out.setValueCount(count);
    }
}
