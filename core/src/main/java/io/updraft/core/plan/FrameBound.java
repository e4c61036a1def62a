package io.updraft.core.plan;

import java.util.Objects;

/**
 * One end of a window frame. {@code offset} is used by PRECEDING and FOLLOWING only: a row count for ROWS
 * frames, a distance in the order key's unit for RANGE frames (whole units of int/bigint/double/decimal
 * keys, days for dates, microseconds for timestamps). {@code spelling} is how Spark 4.2 prints the bound in column
 * names ({@link #sql}); it does not change which rows the frame holds.
 */
public record FrameBound(Kind kind, long offset, Spelling spelling) {
    public enum Kind {
        UNBOUNDED_PRECEDING,
        PRECEDING,
        CURRENT_ROW,
        FOLLOWING,
        UNBOUNDED_FOLLOWING
    }

    /**
     * How Spark prints a bound, which follows how it was written, not what it means: Spark keeps a bound as an
     * expression and prints a negated one as {@code n PRECEDING}, any other value as {@code value FOLLOWING}.
     */
    public enum Spelling {
        /** By its kind: "UNBOUNDED PRECEDING", "2 PRECEDING", "CURRENT ROW", "1 FOLLOWING", "UNBOUNDED FOLLOWING". */
        KIND,
        /**
         * The signed offset then FOLLOWING ("-1 FOLLOWING", "0 FOLLOWING"): a bound given as a value — the Column
         * API's {@code rowsBetween(-1, 1)}/{@code rangeBetween}, lag/lead's frames, SQL's {@code v FOLLOWING}.
         */
        FOLLOWING,
        /** The negated signed offset then PRECEDING ("0 PRECEDING", "-1 PRECEDING"): SQL's {@code n PRECEDING}. */
        PRECEDING
    }

    public FrameBound(Kind kind, long offset) {
        this(kind, offset, Spelling.KIND);
    }

    public FrameBound {
        Objects.requireNonNull(kind, "kind is null");
        if (spelling == null || kind == Kind.UNBOUNDED_PRECEDING || kind == Kind.UNBOUNDED_FOLLOWING) {
            spelling = Spelling.KIND;
        }
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

    /**
     * {@link #ofOffset} printed as Spark prints a bound given as a value ({@link Spelling#FOLLOWING}); an
     * unbounded end stays unbounded, and {@code 0} is CURRENT ROW printed "0 FOLLOWING" unless
     * {@code zeroIsCurrentRow} (the Column API's {@code rowsBetween(0, ...)} is Spark's {@code CurrentRow}).
     */
    public static FrameBound ofValue(long offset, boolean zeroIsCurrentRow) {
        FrameBound bound = ofOffset(offset);
        return offset == 0 && zeroIsCurrentRow ? bound : new FrameBound(bound.kind, bound.offset, Spelling.FOLLOWING);
    }

    /** This bound spelled {@code spelling}. */
    public FrameBound spelled(Spelling spelling) {
        return new FrameBound(kind, offset, spelling);
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

    /**
     * Spark's text: "UNBOUNDED PRECEDING", "2 PRECEDING", "CURRENT ROW", "1 FOLLOWING", "UNBOUNDED FOLLOWING"; a
     * bound spelled as a value "-1 FOLLOWING", "0 FOLLOWING", "0 PRECEDING" (see {@link Spelling}).
     */
    public String sql() {
        if (spelling == Spelling.FOLLOWING) {
            return signedOffset() + " FOLLOWING";
        }
        if (spelling == Spelling.PRECEDING) {
            return -signedOffset() + " PRECEDING";
        }
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
