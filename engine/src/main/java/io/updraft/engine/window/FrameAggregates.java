package io.updraft.engine.window;

import io.updraft.core.plan.WindowCall;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Window functions over each row's frame [lo, hi): FIRST/LAST (optionally skipping nulls), COUNT, SUM, AVG,
 * MIN, MAX with Spark's types and null rules (SUM/AVG/MIN/MAX of no values are null; integral SUM wraps;
 * decimal SUM is exact and null past the result precision; AVG of decimals rounds HALF_UP). Counts and
 * exact sums use prefix sums; double sums add sequentially from the partition start for growing frames
 * (the order Spark uses) and over the frame otherwise; MIN/MAX slide a monotonic deque, which is valid
 * because frame bounds never move backwards within a partition. Stateless.
 */
final class FrameAggregates {
    private static final int DIRECT_SUM_WIDTH = 256;

    private FrameAggregates() {
    }

    static FieldVector evaluate(WindowCall call, WindowFrames f, int[] lo, int[] hi, FieldVector[] arguments,
                                BufferAllocator allocator) {
        return switch (call.function()) {
            case FIRST, LAST -> firstLast(call, f.n, lo, hi, arguments[0], allocator);
            case COUNT -> count(f.n, lo, hi, arguments.length == 0 ? null : arguments[0], allocator);
            case MIN, MAX -> minMax(call, f.n, lo, hi, arguments[0], allocator);
            case SUM, AVG -> sumOrAverage(call, f, lo, hi, arguments[0], allocator);
            case USER_DEFINED -> UserFrameAggregate.evaluate(call, f.n, lo, hi, arguments[0], allocator);
            default -> throw new IllegalStateException(call.function() + " is not a frame aggregate");
        };
    }

    private static boolean[] validity(FieldVector v, int n) {
        boolean[] valid = new boolean[n];
        if (Vectors.kindOf(v) == PhysicalKind.NULL) {
            return valid;
        }
        ArrowBuf bits = v.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            valid[i] = Bits.get(bits, i);
        }
        return valid;
    }

    private static FieldVector firstLast(WindowCall call, int n, int[] lo, int[] hi, FieldVector input,
                                         BufferAllocator allocator) {
        boolean first = call.function() == io.updraft.core.plan.WindowFunction.FIRST;
        int[] rows = new int[n];
        if (!call.ignoreNulls()) {
            for (int i = 0; i < n; i++) {
                rows[i] = lo[i] >= hi[i] ? -1 : first ? lo[i] : hi[i] - 1;
            }
        } else {
            boolean[] valid = validity(input, n);
            int[] nextValid = new int[n + 1];
            nextValid[n] = n;
            for (int i = n - 1; i >= 0; i--) {
                nextValid[i] = valid[i] ? i : nextValid[i + 1];
            }
            int[] previousValid = new int[n + 1];
            previousValid[0] = -1;
            for (int i = 0; i < n; i++) {
                previousValid[i + 1] = valid[i] ? i : previousValid[i];
            }
            for (int i = 0; i < n; i++) {
                int target = first ? nextValid[lo[i]] : previousValid[hi[i]];
                rows[i] = target >= lo[i] && target < hi[i] ? target : -1;
            }
        }
        return Vectors.gather(input, rows, n, allocator);
    }

    private static FieldVector count(int n, int[] lo, int[] hi, FieldVector input, BufferAllocator allocator) {
        long[] prefix = new long[n + 1];
        boolean[] valid = input == null ? null : validity(input, n);
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + (valid == null || valid[i] ? 1 : 0);
        }
        BigIntVector out = new BigIntVector("", allocator);
        try {
            out.allocateNew(Math.max(n, 1));
            Bits.setAll(out.getValidityBuffer(), n);
            for (int i = 0; i < n; i++) {
                out.getDataBuffer().setLong((long) i << 3, prefix[hi[i]] - prefix[lo[i]]);
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static FieldVector minMax(WindowCall call, int n, int[] lo, int[] hi, FieldVector input,
                                      BufferAllocator allocator) {
        boolean max = call.function() == io.updraft.core.plan.WindowFunction.MAX;
        PhysicalKind kind = Vectors.kindOf(input);
        boolean[] valid = validity(input, n);
        int[] rows = new int[n];
        int[] deque = new int[Math.max(n, 1)];
        int head = 0;
        int tail = 0;
        int added = 0;
        int partitionLo = -1;
        for (int i = 0; i < n; i++) {
            if (lo[i] < partitionLo || added > hi[i] || (i > 0 && lo[i] < lo[i - 1])) {
                head = 0;
                tail = 0;
                added = lo[i];
            }
            partitionLo = lo[i];
            if (added < lo[i]) {
                added = lo[i];
            }
            while (added < hi[i]) {
                int j = added++;
                if (!valid[j]) {
                    continue;
                }
                while (tail > head) {
                    int c = RowKeys.compareValues(kind, input, deque[tail - 1], input, j);
                    if (max ? c < 0 : c > 0) {
                        tail--;
                    } else {
                        break;
                    }
                }
                deque[tail++] = j;
            }
            while (tail > head && deque[head] < lo[i]) {
                head++;
            }
            rows[i] = tail > head ? deque[head] : -1;
        }
        return Vectors.gather(input, rows, n, allocator);
    }

    private static FieldVector sumOrAverage(WindowCall call, WindowFrames f, int[] lo, int[] hi, FieldVector input,
                                            BufferAllocator allocator) {
        int n = f.n;
        boolean average = call.function() == io.updraft.core.plan.WindowFunction.AVG;
        boolean[] valid = validity(input, n);
        long[] counts = new long[n + 1];
        for (int i = 0; i < n; i++) {
            counts[i + 1] = counts[i] + (valid[i] ? 1 : 0);
        }
        PhysicalKind kind = Vectors.kindOf(input);
        FieldVector out = ArrowTypes.newVector("", call.dataType(), allocator);
        try {
            ((BaseFixedWidthVector) out).allocateNew(Math.max(n, 1));
            if (kind == PhysicalKind.DECIMAL) {
                decimalSums(call, (DecimalVector) input, valid, counts, lo, hi, average, (DecimalVector) out);
            } else if (!average && (kind == PhysicalKind.INT32 || kind == PhysicalKind.INT64)) {
                longSums(input, kind, valid, counts, lo, hi, out.getDataBuffer(), out.getValidityBuffer());
            } else {
                doubleSums(f, input, kind, valid, counts, lo, hi, average, out.getDataBuffer(),
                        out.getValidityBuffer());
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static void longSums(FieldVector input, PhysicalKind kind, boolean[] valid, long[] counts, int[] lo,
                                 int[] hi, ArrowBuf data, ArrowBuf validity) {
        int n = valid.length;
        ArrowBuf in = input.getDataBuffer();
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) {
            long v = !valid[i] ? 0 : kind == PhysicalKind.INT32 ? in.getInt((long) i << 2) : in.getLong((long) i << 3);
            prefix[i + 1] = prefix[i] + v;
        }
        for (int i = 0; i < n; i++) {
            if (counts[hi[i]] - counts[lo[i]] > 0) {
                data.setLong((long) i << 3, prefix[hi[i]] - prefix[lo[i]]);
                Bits.set(validity, i);
            }
        }
    }

    private static void doubleSums(WindowFrames f, FieldVector input, PhysicalKind kind, boolean[] valid,
                                   long[] counts, int[] lo, int[] hi, boolean average, ArrowBuf data,
                                   ArrowBuf validity) {
        int n = valid.length;
        ArrowBuf in = input.getDataBuffer();
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            if (valid[i]) {
                values[i] = switch (kind) {
                    case INT32 -> in.getInt((long) i << 2);
                    case INT64 -> in.getLong((long) i << 3);
                    default -> in.getDouble((long) i << 3);
                };
            }
        }
        // sequential sums from each partition's start (exact for frames that start there)
        double[] fromStart = new double[n + 1];
        for (int i = 0; i < n; i++) {
            double base = i == f.partitionStart[i] ? 0 : fromStart[i];
            fromStart[i + 1] = base + values[i];
        }
        int cachedLo = -1;
        int cachedHi = -1;
        double cached = 0;
        for (int i = 0; i < n; i++) {
            long count = counts[hi[i]] - counts[lo[i]];
            if (count == 0) {
                continue;
            }
            double sum;
            if (lo[i] == f.partitionStart[i]) {
                sum = fromStart[hi[i]];
            } else if (lo[i] == cachedLo && hi[i] == cachedHi) {
                sum = cached;
            } else if (hi[i] - lo[i] <= DIRECT_SUM_WIDTH) {
                sum = 0;
                for (int j = lo[i]; j < hi[i]; j++) {
                    sum += values[j];
                }
            } else {
                sum = fromStart[hi[i]] - fromStart[lo[i]];
            }
            cachedLo = lo[i];
            cachedHi = hi[i];
            cached = sum;
            data.setDouble((long) i << 3, average ? sum / count : sum);
            Bits.set(validity, i);
        }
    }

    private static void decimalSums(WindowCall call, DecimalVector input, boolean[] valid, long[] counts, int[] lo,
                                    int[] hi, boolean average, DecimalVector out) {
        int n = valid.length;
        int scale = input.getScale();
        DecimalType result = (DecimalType) call.dataType();
        ArrowBuf in = input.getDataBuffer();
        long[] prefix = new long[n + 1];
        BigInteger[] bigPrefix = null;
        for (int i = 0; i < n && bigPrefix == null; i++) {
            if (!valid[i]) {
                prefix[i + 1] = prefix[i];
                continue;
            }
            if (!Decimals.fitsLong(in, i)) {
                bigPrefix = new BigInteger[n + 1];
                break;
            }
            long v = Decimals.low(in, i);
            long sum = prefix[i] + v;
            if (((prefix[i] ^ sum) & (v ^ sum)) < 0) {
                bigPrefix = new BigInteger[n + 1];
                break;
            }
            prefix[i + 1] = sum;
        }
        if (bigPrefix != null) {
            bigPrefix[0] = BigInteger.ZERO;
            for (int i = 0; i < n; i++) {
                bigPrefix[i + 1] = valid[i] ? bigPrefix[i].add(Decimals.unscaled(in, i)) : bigPrefix[i];
            }
        }
        ArrowBuf data = out.getDataBuffer();
        ArrowBuf validity = out.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            long count = counts[hi[i]] - counts[lo[i]];
            if (count == 0) {
                continue;
            }
            BigInteger bigSum = null;
            long sum = 0;
            if (bigPrefix != null) {
                bigSum = bigPrefix[hi[i]].subtract(bigPrefix[lo[i]]);
            } else {
                sum = prefix[hi[i]] - prefix[lo[i]];
            }
            if (!average) {
                if (bigSum == null && Decimals.fits(sum, result.precision())) {
                    Decimals.setLong(data, i, sum);
                    Bits.set(validity, i);
                } else if (bigSum != null && Decimals.fits(bigSum, result.precision())) {
                    Decimals.setUnscaled(data, i, bigSum);
                    Bits.set(validity, i);
                }
                continue;
            }
            BigDecimal total = new BigDecimal(bigSum != null ? bigSum : BigInteger.valueOf(sum), scale);
            BigDecimal mean = total.divide(BigDecimal.valueOf(count), result.scale(), RoundingMode.HALF_UP);
            BigDecimal fitted = Decimals.fit(mean, result.precision(), result.scale());
            if (fitted != null) {
                Decimals.setBig(data, i, fitted);
                Bits.set(validity, i);
            }
        }
    }
}
