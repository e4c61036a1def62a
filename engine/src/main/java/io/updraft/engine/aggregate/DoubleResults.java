package io.updraft.engine.aggregate;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Writes results computed as doubles (the percentiles) into vectors of a numeric, date or timestamp type, as one
 * value or as a list per row: ints, dates, bigints and timestamps truncate, decimals round half up to their scale
 * (Spark's conversions of percentile_approx's double results back to the input type).
 */
final class DoubleResults {
    private DoubleResults() {
    }

    /** Writes {@code value} at index {@code i} of {@code out} (allocated, fixed width) and marks it valid. */
    static void set(FieldVector out, int i, double value) {
        ArrowBuf data = out.getDataBuffer();
        switch (io.updraft.engine.vector.Vectors.kindOf(out)) {
            case INT32 -> data.setInt((long) i << 2, (int) value);
            case INT64 -> data.setLong((long) i << 3, (long) value);
            case FLOAT64 -> data.setDouble((long) i << 3, value);
            case DECIMAL -> {
                DecimalVector d = (DecimalVector) out;
                BigInteger unscaled = BigDecimal.valueOf(value).setScale(d.getScale(), RoundingMode.HALF_UP).unscaledValue();
                long low = unscaled.longValue();
                data.setLong((long) i << 4, low);
                data.setLong(((long) i << 4) + 8, unscaled.shiftRight(64).longValue());
            }
            default -> throw new IllegalStateException("no double conversion to " + out.getField());
        }
        Bits.set(out.getValidityBuffer(), i);
    }

    /**
     * Writes one list per row into {@code target} (a list vector of a numeric, date or timestamp element type);
     * a null row is a null list. (Re)allocates the vector and sets its value count.
     */
    static void writeLists(FieldVector target, double[][] rows) {
        ListVector out = (ListVector) target;
        out.clear();
        out.setInitialCapacity(Math.max(rows.length, 1));
        out.allocateNew();
        int elements = 0;
        for (double[] row : rows) {
            elements += row == null ? 0 : row.length;
        }
        FieldVector child = out.getDataVector();
        child.clear();
        ((BaseFixedWidthVector) child).allocateNew(Math.max(elements, 1));
        ArrowBuf offsets = out.getOffsetBuffer();
        int at = 0;
        offsets.setInt(0, 0);
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != null) {
                for (double v : rows[i]) {
                    set(child, at++, v);
                }
                Bits.set(out.getValidityBuffer(), i);
            }
            offsets.setInt((long) (i + 1) << 2, at);
        }
        child.setValueCount(elements);
        out.setLastSet(rows.length - 1);
        out.setValueCount(rows.length);
    }

    /** Whether {@code kind} holds values this class can write. */
    static boolean supports(PhysicalKind kind) {
        return kind == PhysicalKind.INT32 || kind == PhysicalKind.INT64 || kind == PhysicalKind.FLOAT64
                || kind == PhysicalKind.DECIMAL;
    }
}
