package io.updraft.core.plan;

import java.util.Objects;

/**
 * One end of a window frame. {@code offset} is used by PRECEDING and FOLLOWING only: a row count for ROWS
 * frames, a distance in the order key's unit for RANGE frames (whole units of int/bigint/double/decimal
 * keys, days for dates, microseconds for timestamps).
 */
public record FrameBound(Kind kind, long offset) {
    public enum Kind {
        UNBOUNDED_PRECEDING,
        PRECEDING,
        CURRENT_ROW,
        FOLLOWING,
        UNBOUNDED_FOLLOWING
    }

    public FrameBound {
        Objects.requireNonNull(kind, "kind is null");
        if (offset < 0) {
            throw new IllegalArgumentException("frame offset must be >= 0, was " + offset);
        }
        if (kind != Kind.PRECEDING && kind != Kind.FOLLOWING) {
            offset = 0;
        }
    }

    public static FrameBound unboundedPreceding() {
        return new FrameBound(Kind.UNBOUNDED_PRECEDING, 0);
    }

    public static FrameBound preceding(long offset) {
        return new FrameBound(Kind.PRECEDING, offset);
    }

    public static FrameBound currentRow() {
        return new FrameBound(Kind.CURRENT_ROW, 0);
    }

    public static FrameBound following(long offset) {
        return new FrameBound(Kind.FOLLOWING, offset);
    }

    public static FrameBound unboundedFollowing() {
        return new FrameBound(Kind.UNBOUNDED_FOLLOWING, 0);
    }

    /**
     * A bound from Spark's {@code WindowSpec.rowsBetween/rangeBetween} encoding, an offset from the current row:
     * {@code Long.MIN_VALUE} unbounded preceding, {@code -n} n PRECEDING, {@code 0} CURRENT ROW, {@code n} n
     * FOLLOWING, {@code Long.MAX_VALUE} unbounded following ({@link #signedOffset} is the inverse).
     */
    public static FrameBound ofOffset(long offset) {
        if (offset == Long.MIN_VALUE) {
            return unboundedPreceding();
        }
        if (offset == Long.MAX_VALUE) {
            return unboundedFollowing();
        }
        if (offset == 0) {
            return currentRow();
        }
        return offset < 0 ? preceding(-offset) : following(offset);
    }

    /** This bound in the encoding of {@link #ofOffset}. */
    public long signedOffset() {
        return switch (kind) {
            case UNBOUNDED_PRECEDING -> Long.MIN_VALUE;
            case PRECEDING -> -offset;
            case CURRENT_ROW -> 0;
            case FOLLOWING -> offset;
            case UNBOUNDED_FOLLOWING -> Long.MAX_VALUE;
        };
    }

    /** Spark's text: "UNBOUNDED PRECEDING", "2 PRECEDING", "CURRENT ROW", "1 FOLLOWING", "UNBOUNDED FOLLOWING". */
    public String sql() {
        return switch (kind) {
            case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
            case PRECEDING -> offset + " PRECEDING";
            case CURRENT_ROW -> "CURRENT ROW";
            case FOLLOWING -> offset + " FOLLOWING";
            case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
        };
    }

    /** Position relative to the current row, for ordering bounds: unbounded ends are ±infinity. */
    double position() {
        return switch (kind) {
            case UNBOUNDED_PRECEDING -> Double.NEGATIVE_INFINITY;
            case PRECEDING -> -offset;
            case CURRENT_ROW -> 0;
            case FOLLOWING -> offset;
            case UNBOUNDED_FOLLOWING -> Double.POSITIVE_INFINITY;
        };
    }

    /** PRECEDING or FOLLOWING with an offset (as opposed to unbounded or current row). */
    public boolean hasOffset() {
        return kind == Kind.PRECEDING || kind == Kind.FOLLOWING;
    }
}
