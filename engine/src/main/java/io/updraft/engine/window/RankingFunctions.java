package io.updraft.engine.window;

import io.updraft.core.expr.Literal;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.plan.WindowFunction;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;

/**
 * The window functions that ignore the frame, as Spark: ROW_NUMBER, RANK (gaps after ties), DENSE_RANK,
 * PERCENT_RANK ((rank - 1) / (rows - 1), 0 for a single row), NTILE (the first rows % n buckets get one
 * extra row), LAG and LEAD (the value {@code offset} rows before/after within the partition, else the
 * default evaluated at the current row; with ignoreNulls the offset counts non-null values only).
 * Stateless.
 */
final class RankingFunctions {
    private RankingFunctions() {
    }

    static FieldVector evaluate(WindowCall call, WindowFrames f, FieldVector[] arguments, BufferAllocator allocator) {
        return switch (call.function()) {
            case ROW_NUMBER, RANK, DENSE_RANK, NTILE -> integers(call, f, allocator);
            case PERCENT_RANK -> percentRank(f, allocator);
            case LAG, LEAD -> offset(call, f, arguments, allocator);
            default -> throw new IllegalStateException(call.function() + " is not a ranking function");
        };
    }

    private static FieldVector integers(WindowCall call, WindowFrames f, BufferAllocator allocator) {
        int n = f.n;
        IntVector out = (IntVector) ArrowTypes.newVector("", call.dataType(), allocator);
        try {
            out.allocateNew(Math.max(n, 1));
            ArrowBuf data = out.getDataBuffer();
            Bits.setAll(out.getValidityBuffer(), n);
            int dense = 0;
            for (int i = 0; i < n; i++) {
                int start = f.partitionStart[i];
                if (i == start) {
                    dense = 0;
                }
                if (f.peerStart[i] == i) {
                    dense++;
                }
                int value = switch (call.function()) {
                    case ROW_NUMBER -> i - start + 1;
                    case RANK -> f.peerStart[i] - start + 1;
                    case DENSE_RANK -> dense;
                    default -> ntile((Integer) ((Literal) call.arguments().get(0)).value(), i - start,
                            f.partitionEnd[i] - start);
                };
                data.setInt((long) i << 2, value);
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Bucket (1-based) of row {@code j} of {@code rows}: the first rows % buckets buckets hold one more row. */
    static int ntile(int buckets, int j, int rows) {
        int size = rows / buckets;
        int remainder = rows % buckets;
        int bigRows = remainder * (size + 1);
        if (j < bigRows) {
            return j / (size + 1) + 1;
        }
        return remainder + (j - bigRows) / size + 1;
    }

    private static FieldVector percentRank(WindowFrames f, BufferAllocator allocator) {
        int n = f.n;
        Float8Vector out = new Float8Vector("", allocator);
        try {
            out.allocateNew(Math.max(n, 1));
            Bits.setAll(out.getValidityBuffer(), n);
            for (int i = 0; i < n; i++) {
                int rows = f.partitionEnd[i] - f.partitionStart[i];
                int rank = f.peerStart[i] - f.partitionStart[i] + 1;
                out.getDataBuffer().setDouble((long) i << 3, rows <= 1 ? 0.0 : (rank - 1) / (double) (rows - 1));
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static FieldVector offset(WindowCall call, WindowFrames f, FieldVector[] arguments,
                                      BufferAllocator allocator) {
        int n = f.n;
        FieldVector input = arguments[0];
        long offset = arguments.length > 1 ? (Integer) ((Literal) call.arguments().get(1)).value() : 1;
        if (call.function() == WindowFunction.LAG) {
            offset = -offset;
        }
        FieldVector fallback = arguments.length > 2 ? arguments[2] : null;
        int[] sources = new int[n];
        int[] rows = new int[n];
        if (call.ignoreNulls() && offset != 0) {
            ignoringNulls(f, input, offset, fallback, sources, rows);
        } else {
            for (int i = 0; i < n; i++) {
                long target = i + offset;
                if (target >= f.partitionStart[i] && target < f.partitionEnd[i]) {
                    rows[i] = (int) target;
                } else if (fallback != null) {
                    sources[i] = 1;
                    rows[i] = i;
                } else {
                    rows[i] = -1;
                }
            }
        }
        FieldVector[] inputs = fallback == null ? new FieldVector[] {input} : new FieldVector[] {input, fallback};
        return Vectors.gather(inputs, sources, rows, 0, n, allocator);
    }

    /** LAG/LEAD IGNORE NULLS: the |offset|-th non-null value before (after) the current row. */
    private static void ignoringNulls(WindowFrames f, FieldVector input, long offset, FieldVector fallback,
                                      int[] sources, int[] rows) {
        int n = f.n;
        boolean nullKind = Vectors.kindOf(input) == PhysicalKind.NULL;
        int[] nonNull = new int[n];
        int[] countBefore = new int[n + 1];
        int count = 0;
        for (int i = 0; i < n; i++) {
            countBefore[i] = count;
            if (!nullKind && Bits.get(input.getValidityBuffer(), i)) {
                nonNull[count++] = i;
            }
        }
        countBefore[n] = count;
        for (int i = 0; i < n; i++) {
            long index = offset < 0 ? countBefore[i] + offset : countBefore[i + 1] + offset - 1;
            int target = index >= 0 && index < count ? nonNull[(int) index] : -1;
            if (target >= f.partitionStart[i] && target < f.partitionEnd[i]) {
                rows[i] = target;
            } else if (fallback != null) {
                sources[i] = 1;
                rows[i] = i;
            } else {
                rows[i] = -1;
            }
        }
    }
}
