package io.updraft.core.plan;

/**
 * Window functions. Ranking (ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, NTILE) and offset (LAG, LEAD)
 * functions need an ORDER BY and ignore the frame; FIRST, LAST and the aggregates COUNT, SUM, AVG, MIN,
 * MAX are computed over the frame of each row.
 */
public enum WindowFunction {
    ROW_NUMBER,
    RANK,
    DENSE_RANK,
    PERCENT_RANK,
    NTILE,
    LAG,
    LEAD,
    FIRST,
    LAST,
    COUNT,
    SUM,
    AVG,
    MIN,
    MAX,
    /** A user-defined aggregate over the frame ({@link WindowCall#userAggregate()}). */
    USER_DEFINED;

    /** Whether the function needs the window to be ordered and ignores the frame. */
    public boolean isRankingOrOffset() {
        return switch (this) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, NTILE, LAG, LEAD -> true;
            default -> false;
        };
    }
}
