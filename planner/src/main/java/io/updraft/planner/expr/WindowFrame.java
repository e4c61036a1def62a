package io.updraft.planner.expr;

import java.util.Objects;

/**
 * A window frame as Spark's {@code WindowSpec.rowsBetween/rangeBetween}: {@code lower} and {@code upper} are
 * offsets from the current row ({@code -1} = 1 PRECEDING, {@code 0} = CURRENT ROW, {@code 2} = 2 FOLLOWING),
 * {@link #UNBOUNDED_PRECEDING} ({@code Long.MIN_VALUE}) and {@link #UNBOUNDED_FOLLOWING} ({@code Long.MAX_VALUE})
 * are unbounded. ROWS counts rows; RANGE compares the (single, numeric or date) order key's value.
 */
public record WindowFrame(FrameType type, long lower, long upper) {
    public static final long UNBOUNDED_PRECEDING = Long.MIN_VALUE;
    public static final long CURRENT_ROW = 0;
    public static final long UNBOUNDED_FOLLOWING = Long.MAX_VALUE;

    /** ROWS: physical offsets; RANGE: logical offsets on the order key's value. */
    public enum FrameType {
        ROWS, RANGE
    }

    public WindowFrame {
        Objects.requireNonNull(type, "type is null");
        if (lower == UNBOUNDED_FOLLOWING || upper == UNBOUNDED_PRECEDING) {
            throw new IllegalArgumentException("a frame cannot start at UNBOUNDED FOLLOWING or end at UNBOUNDED"
                    + " PRECEDING");
        }
        if (lower > upper) {
            throw new IllegalArgumentException("the frame's lower bound " + bound(lower)
                    + " is after its upper bound " + bound(upper));
        }
    }

    public static WindowFrame rows(long lower, long upper) {
        return new WindowFrame(FrameType.ROWS, lower, upper);
    }

    public static WindowFrame range(long lower, long upper) {
        return new WindowFrame(FrameType.RANGE, lower, upper);
    }

    /** Spark's text: "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW". */
    public String sql() {
        return type + " BETWEEN " + bound(lower) + " AND " + bound(upper);
    }

    static String bound(long offset) {
        if (offset == UNBOUNDED_PRECEDING) {
            return "UNBOUNDED PRECEDING";
        }
        if (offset == UNBOUNDED_FOLLOWING) {
            return "UNBOUNDED FOLLOWING";
        }
        if (offset == 0) {
            return "CURRENT ROW";
        }
        return offset < 0 ? -offset + " PRECEDING" : offset + " FOLLOWING";
    }
}
