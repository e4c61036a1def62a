package io.updraft.core.plan;

/** Aggregate functions the engine computes in partial and final steps. */
public enum AggregateFunction {
    /** count(expr) skips nulls; count(*) has no argument. */
    COUNT,
    SUM,
    AVG,
    MIN,
    MAX
}
