package io.updraft.planner.resolved.expr;

/** Window-only functions (aggregates over windows are {@link AggregateFunctionExpression}s). */
public enum WindowFunctionKind {
    ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, NTH_VALUE;

    /** Spark's lower-case function name. */
    public String sqlName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Ranking functions depend on the order only; their frame is fixed. */
    public boolean isRanking() {
        return this != LAG && this != LEAD && this != NTH_VALUE;
    }
}
