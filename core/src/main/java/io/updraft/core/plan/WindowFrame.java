package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Objects;

/**
 * The rows a windowed FIRST/LAST/aggregate sees for each row: {@code type} BETWEEN {@code lower} AND
 * {@code upper}. Spark's defaults: with ORDER BY, RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
 * (the current row and its peers); without, the whole partition.
 */
public record WindowFrame(FrameType type, FrameBound lower, FrameBound upper) {
    public static final WindowFrame WHOLE_PARTITION = new WindowFrame(FrameType.ROWS,
            FrameBound.unboundedPreceding(), FrameBound.unboundedFollowing());
    public static final WindowFrame RANGE_TO_CURRENT_ROW = new WindowFrame(FrameType.RANGE,
            FrameBound.unboundedPreceding(), FrameBound.currentRow());

    public WindowFrame {
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(lower, "lower is null");
        Objects.requireNonNull(upper, "upper is null");
        if (lower.kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING) {
            throw new IllegalArgumentException("a frame cannot start at UNBOUNDED FOLLOWING");
        }
        if (upper.kind() == FrameBound.Kind.UNBOUNDED_PRECEDING) {
            throw new IllegalArgumentException("a frame cannot end at UNBOUNDED PRECEDING");
        }
        if (lower.position() > upper.position()) {
            throw new IllegalArgumentException("frame lower bound " + lower + " is after its upper bound " + upper);
        }
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
}
