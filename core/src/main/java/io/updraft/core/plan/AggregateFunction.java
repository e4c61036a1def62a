package io.updraft.core.plan;

/** Aggregate functions the engine computes in partial and final steps. */
public enum AggregateFunction {
    /** count(expr) skips nulls; count(*) has no argument. */
    COUNT,
    SUM,
    AVG,
    MIN,
    MAX,
    /** Sample standard deviation (n - 1); null for fewer than two values, as Spark 3.1+. */
    STDDEV_SAMP,
    /** Population standard deviation; null for no values. */
    STDDEV_POP,
    /** Sample variance (n - 1); null for fewer than two values, as Spark 3.1+. */
    VAR_SAMP,
    /** Population variance; null for no values. */
    VAR_POP,
    /** The first value seen (skipping nulls when {@link AggregateCall#ignoreNulls()}); order-dependent. */
    FIRST,
    /** The last value seen (skipping nulls when {@link AggregateCall#ignoreNulls()}); order-dependent. */
    LAST,
    /** The non-null values of the group as an array, in input order within a task (Spark: not deterministic). */
    COLLECT_LIST,
    /** The distinct non-null values of the group as an array, in no defined order. */
    COLLECT_SET,
    /** HyperLogLog++ estimate of the number of distinct non-null values, as Spark's approx_count_distinct. */
    APPROX_COUNT_DISTINCT;

    /** True for the central-moment functions (stddev and variance, sample and population). */
    public boolean isMoment() {
        return this == STDDEV_SAMP || this == STDDEV_POP || this == VAR_SAMP || this == VAR_POP;
    }
}
