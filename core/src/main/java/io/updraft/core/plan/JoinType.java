package io.updraft.core.plan;

/**
 * Join types with Spark's semantics. Outer joins pad the side without a match with nulls; LEFT_SEMI
 * and LEFT_ANTI output left rows only (those with at least one match, resp. none); CROSS pairs every
 * row with every row (its condition, if any, filters the pairs like INNER).
 */
public enum JoinType {
    INNER,
    LEFT_OUTER,
    RIGHT_OUTER,
    FULL_OUTER,
    LEFT_SEMI,
    LEFT_ANTI,
    CROSS;

    /** Whether the output has the right side's columns. */
    public boolean outputsRight() {
        return this != LEFT_SEMI && this != LEFT_ANTI;
    }

    /** Whether unmatched left rows are output (padded with nulls). */
    public boolean keepsUnmatchedLeft() {
        return this == LEFT_OUTER || this == FULL_OUTER;
    }

    /** Whether unmatched right rows are output (padded with nulls). */
    public boolean keepsUnmatchedRight() {
        return this == RIGHT_OUTER || this == FULL_OUTER;
    }
}
