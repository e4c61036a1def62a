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
