package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Objects;

/**
 * The rows a windowed FIRST/LAST/aggregate sees for each row: {@code type} BETWEEN {@code lower} AND
 * {@code upper}; ROWS counts rows, RANGE compares the (single) order key's value. The same record from the Dataset
 * API ({@code WindowSpec.rowsBetween/rangeBetween}: {@link #rows}, {@link #range} take Spark's long offsets,
 * {@link #UNBOUNDED_PRECEDING} .. {@link #UNBOUNDED_FOLLOWING}) through the analyzer to the engine. Spark's defaults
 * ({@link #defaultFrame}): with ORDER BY, RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (the current row and
 * its peers); without, the whole partition.
 */
public record WindowFrame(FrameType type, FrameBound lower, FrameBound upper) {
    /** Spark's offsets ({@code Window.unboundedPreceding()}, {@code currentRow()}, {@code unboundedFollowing()}). */
    public static final long UNBOUNDED_PRECEDING = Long.MIN_VALUE;
    public static final long CURRENT_ROW = 0;
    public static final long UNBOUNDED_FOLLOWING = Long.MAX_VALUE;

    public static final WindowFrame WHOLE_PARTITION = new WindowFrame(FrameType.ROWS,
            FrameBound.unboundedPreceding(), FrameBound.unboundedFollowing());
    public static final WindowFrame RANGE_TO_CURRENT_ROW = new WindowFrame(FrameType.RANGE,
            FrameBound.unboundedPreceding(), FrameBound.currentRow());

    public WindowFrame {
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(lower, "lower is null");
        Objects.requireNonNull(upper, "upper is null");
        if (lower.kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING
                || upper.kind() == FrameBound.Kind.UNBOUNDED_PRECEDING) {
            throw new IllegalArgumentException("a frame cannot start at UNBOUNDED FOLLOWING or end at UNBOUNDED"
                    + " PRECEDING");
        }
        if (lower.position() > upper.position()) {
            throw new IllegalArgumentException("the frame's lower bound " + lower.sql() + " is after its upper bound "
                    + upper.sql());
        }
    }

    /**
     * {@code ROWS BETWEEN lower AND upper} in Spark's offsets (see {@link FrameBound#ofOffset}), printed as
     * Spark's {@code WindowSpec.rowsBetween} prints them: other offsets than 0 and the unbounded ends as values
     * ("-1 FOLLOWING", {@link FrameBound#ofValue}).
     */
    public static WindowFrame rows(long lower, long upper) {
        return new WindowFrame(FrameType.ROWS, FrameBound.ofValue(lower, true), FrameBound.ofValue(upper, true));
    }

    /** {@code RANGE BETWEEN lower AND upper}, as {@link #rows} (Spark's {@code WindowSpec.rangeBetween}). */
    public static WindowFrame range(long lower, long upper) {
        return new WindowFrame(FrameType.RANGE, FrameBound.ofValue(lower, true), FrameBound.ofValue(upper, true));
    }

    /** Spark's default frame. */
    public static WindowFrame defaultFrame(boolean ordered) {
        return ordered ? RANGE_TO_CURRENT_ROW : WHOLE_PARTITION;
    }

    /** Whether a RANGE frame bound needs order key values (n PRECEDING / n FOLLOWING). */
    @JsonIgnore
    public boolean isValueRange() {
        return type == FrameType.RANGE && (lower.hasOffset() || upper.hasOffset());
    }

    /** Spark's text: "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW". */
    public String sql() {
        return type + " BETWEEN " + lower.sql() + " AND " + upper.sql();
    }
}
