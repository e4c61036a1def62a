package io.updraft.engine.window;

import io.updraft.core.plan.FrameBound;
import io.updraft.core.plan.FrameType;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.WindowFrame;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Partitions, peer groups and frames of a run of sorted rows (whole partitions only). Per row: the
 * partition [start, end), the peer group (rows with equal ORDER BY values, or the whole partition
 * without ORDER BY) and, per frame, the frame [lo, hi) — empty when hi == lo. Frame bounds never move
 * backwards from one row to the next within a partition (aggregates rely on that). RANGE bounds with an
 * offset compare the single order key's values in sort order: nulls sort before (NULLS FIRST) or after
 * every value, and a row whose key is null (or NaN) has its peers as frame. Immutable once built.
 */
final class WindowFrames {
    final int n;
    final int[] partitionStart;
    final int[] partitionEnd;
    final int[] peerStart;
    final int[] peerEnd;

    WindowFrames(int n, FieldVector[] partitionKeys, FieldVector[] orderKeys) {
        this.n = n;
        partitionStart = new int[n];
        partitionEnd = new int[n];
        peerStart = new int[n];
        peerEnd = new int[n];
        int start = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || !RowKeys.rowsEqual(partitionKeys, i, partitionKeys, i - 1)) {
                for (int j = start; j < i; j++) {
                    partitionStart[j] = start;
                    partitionEnd[j] = i;
                }
                start = i;
            }
        }
        int peer = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || partitionStart[i] == i || !RowKeys.rowsEqual(orderKeys, i, orderKeys, i - 1)) {
                for (int j = peer; j < i; j++) {
                    peerStart[j] = peer;
                    peerEnd[j] = i;
                }
                peer = i;
            }
        }
    }

    /** Frame bounds of every row: {lo, hi} arrays, hi exclusive. */
    int[][] bounds(WindowFrame frame, SortKey orderKey, FieldVector orderValues) {
        int[] lo = new int[n];
        int[] hi = new int[n];
        if (frame.type() == FrameType.ROWS) {
            for (int i = 0; i < n; i++) {
                int s = partitionStart[i];
                int e = partitionEnd[i];
                lo[i] = clamp(rowsBound(frame.lower(), i, true), s, e);
                hi[i] = Math.max(lo[i], clamp(rowsBound(frame.upper(), i, false), s, e));
            }
            return new int[][] {lo, hi};
        }
        RangeKeys keys = frame.isValueRange() ? new RangeKeys(orderValues, orderKey) : null;
        for (int i = 0; i < n; i++) {
            int s = partitionStart[i];
            int e = partitionEnd[i];
            lo[i] = rangeBound(frame.lower(), i, true, keys);
            hi[i] = rangeBound(frame.upper(), i, false, keys);
            lo[i] = clamp(lo[i], s, e);
            hi[i] = Math.max(lo[i], clamp(hi[i], s, e));
        }
        return new int[][] {lo, hi};
    }

    private long rowsBound(FrameBound bound, int i, boolean lower) {
        return switch (bound.kind()) {
            case UNBOUNDED_PRECEDING -> partitionStart[i];
            case UNBOUNDED_FOLLOWING -> partitionEnd[i];
            case CURRENT_ROW -> lower ? i : i + 1L;
            case PRECEDING -> (long) i - bound.offset() + (lower ? 0 : 1);
            case FOLLOWING -> (long) i + bound.offset() + (lower ? 0 : 1);
        };
    }

    private int rangeBound(FrameBound bound, int i, boolean lower, RangeKeys keys) {
        switch (bound.kind()) {
            case UNBOUNDED_PRECEDING:
                return partitionStart[i];
            case UNBOUNDED_FOLLOWING:
                return partitionEnd[i];
            case CURRENT_ROW:
                return lower ? peerStart[i] : peerEnd[i];
            default:
                break;
        }
        if (keys.isNullLike(i)) {
            return lower ? peerStart[i] : peerEnd[i];
        }
        int[] block = keys.nonNullBlock(partitionStart[i], partitionEnd[i]);
        boolean preceding = bound.kind() == FrameBound.Kind.PRECEDING;
        return lower ? keys.firstAtOrAfter(block[0], block[1], i, bound.offset(), preceding)
                : keys.firstAfter(block[0], block[1], i, bound.offset(), preceding);
    }

    private static int clamp(long value, int from, int to) {
        return (int) Math.max(from, Math.min(to, value));
    }

    /** Values of the single ORDER BY key, for RANGE frames with an offset. */
    private static final class RangeKeys {
        private final boolean ascending;
        private final boolean doubles;
        private final long[] longs;
        private final double[] values;
        private final boolean[] nullLike;
        private final long scale;

        RangeKeys(FieldVector v, SortKey key) {
            int n = v.getValueCount();
            this.ascending = key.ascending();
            PhysicalKind kind = Vectors.kindOf(v);
            this.doubles = kind == PhysicalKind.FLOAT64;
            this.longs = doubles ? null : new long[n];
            this.values = doubles ? new double[n] : null;
            this.nullLike = new boolean[n];
            this.scale = v instanceof DecimalVector d ? Decimals.pow10(d.getScale()) : 1;
            ArrowBuf validity = kind == PhysicalKind.NULL ? null : v.getValidityBuffer();
            ArrowBuf data = kind == PhysicalKind.NULL ? null : v.getDataBuffer();
            for (int i = 0; i < n; i++) {
                if (validity == null || !Bits.get(validity, i)) {
                    nullLike[i] = true;
                    continue;
                }
                switch (kind) {
                    case INT32 -> longs[i] = data.getInt((long) i << 2);
                    case INT64 -> longs[i] = data.getLong((long) i << 3);
                    case DECIMAL -> longs[i] = Decimals.low(data, i);
                    case FLOAT64 -> {
                        values[i] = data.getDouble((long) i << 3);
                        nullLike[i] = Double.isNaN(values[i]);
                    }
                    default -> throw new IllegalStateException("RANGE offsets over " + kind + " keys");
                }
            }
        }

        boolean isNullLike(int i) {
            return nullLike[i];
        }

        /**
         * [from, to) of the rows in [start, end) whose key is neither null nor NaN: sorting puts the others
         * at the ends (nulls first or last, NaN after every number), so they are contiguous.
         */
        int[] nonNullBlock(int start, int end) {
            int from = start;
            while (from < end && nullLike[from]) {
                from++;
            }
            int to = end;
            while (to > from && nullLike[to - 1]) {
                to--;
            }
            return new int[] {from, to};
        }

        /** Sign of row j's key against the bound of row i, in sort order. */
        private int compareToBound(int j, int i, long offset, boolean preceding) {
            // PRECEDING moves against the sort direction, FOLLOWING with it
            boolean subtract = preceding == ascending;
            int c;
            if (doubles) {
                double bound = subtract ? values[i] - offset : values[i] + offset;
                double x = values[j];
                c = x == bound ? 0 : Double.compare(x, bound);
            } else {
                long delta = saturatingMultiply(offset, scale);
                long bound = subtract ? saturatingSubtract(longs[i], delta) : saturatingAdd(longs[i], delta);
                c = Long.compare(longs[j], bound);
            }
            return ascending ? c : -c;
        }

        int firstAtOrAfter(int from, int to, int i, long offset, boolean preceding) {
            int low = from;
            int high = to;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (compareToBound(mid, i, offset, preceding) >= 0) {
                    high = mid;
                } else {
                    low = mid + 1;
                }
            }
            return low;
        }

        int firstAfter(int from, int to, int i, long offset, boolean preceding) {
            int low = from;
            int high = to;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (compareToBound(mid, i, offset, preceding) > 0) {
                    high = mid;
                } else {
                    low = mid + 1;
                }
            }
            return low;
        }

        private static long saturatingMultiply(long a, long b) {
            long high = Math.multiplyHigh(a, b);
            long low = a * b;
            return high != (low >> 63) ? Long.MAX_VALUE : low;
        }

        private static long saturatingAdd(long a, long b) {
            long r = a + b;
            return ((a ^ r) & (b ^ r)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
        }

        private static long saturatingSubtract(long a, long b) {
            long r = a - b;
            return ((a ^ b) & (a ^ r)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
        }
    }
}
