package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/**
 * One non-null value read out of an Arrow vector in the form {@link GroupValueLists} stores: fixed-width values as
 * raw bits in {@link #low} (decimals' upper half in {@link #high}), booleans as 0/1, strings as UTF-8
 * {@link #bytes}. A reusable holder; not thread-safe.
 */
final class ValueBits {
    long low;
    long high;
    byte[] bytes;

    /**
     * Reads row {@code row} of {@code v} (non-null); {@code asKey}: doubles as grouping keys compare (-0.0 stored
     * as 0.0, one NaN).
     */
    ValueBits read(PhysicalKind kind, FieldVector v, int row, boolean asKey) {
        low = 0;
        high = 0;
        bytes = null;
        switch (kind) {
            case BOOLEAN -> low = Bits.get(v.getDataBuffer(), row) ? 1 : 0;
            case INT32 -> low = v.getDataBuffer().getInt((long) row << 2);
            case INT64 -> low = v.getDataBuffer().getLong((long) row << 3);
            case FLOAT64 -> {
                double d = v.getDataBuffer().getDouble((long) row << 3);
                low = asKey ? RowKeys.normalizedBits(d) : Double.doubleToRawLongBits(d);
            }
            case DECIMAL -> {
                low = v.getDataBuffer().getLong((long) row << 4);
                high = v.getDataBuffer().getLong(((long) row << 4) + 8);
            }
            case UTF8 -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) row << 2);
                int end = offsets.getInt(((long) row << 2) + 4);
                bytes = new byte[end - start];
                v.getDataBuffer().getBytes(start, bytes, 0, bytes.length);
            }
            default -> throw new IllegalStateException("unexpected element kind " + kind);
        }
        return this;
    }
}
