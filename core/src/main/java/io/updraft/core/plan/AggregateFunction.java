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
    APPROX_COUNT_DISTINCT,
    /**
     * The exact percentile(s) of a numeric argument (as double) with linear interpolation, Spark's percentile;
     * {@link AggregateCall#secondArgument()} is the optional integral frequency of each row.
     */
    PERCENTILE,
    /** Spark's percentile_approx: a Greenwald-Khanna quantile summary with relative error 1 / accuracy. */
    PERCENTILE_APPROX,
    /** The most frequent non-null value (the smallest of equally frequent ones). */
    MODE,
    /** The argument's value at the row with the largest {@link AggregateCall#secondArgument()} (nulls skipped). */
    MAX_BY,
    /** The argument's value at the row with the smallest {@link AggregateCall#secondArgument()} (nulls skipped). */
    MIN_BY,
    /** Pearson's correlation of argument and second argument (rows with a null in either skipped). */
    CORR,
    /** Population covariance of argument and second argument. */
    COVAR_POP,
    /** Sample covariance of argument and second argument. */
    COVAR_SAMP,
    /** Skewness (third standardized central moment), as Spark's. */
    SKEWNESS,
    /** Excess kurtosis (fourth standardized central moment minus 3), as Spark's. */
    KURTOSIS,
    /**
     * User code ({@link AggregateCall#userAggregate()}): a typed {@code Aggregator} or an untyped
     * {@code UserDefinedAggregateFunction}; its argument is the struct of the call's arguments.
     */
    USER_DEFINED;

    /** True for the central-moment functions (stddev and variance, sample and population). */
    public boolean isMoment() {
        return this == STDDEV_SAMP || this == STDDEV_POP || this == VAR_SAMP || this == VAR_POP
                || this == SKEWNESS || this == KURTOSIS;
    }

    /** True for the functions of two arguments (the second is {@link AggregateCall#secondArgument()}). */
    public boolean takesSecondArgument() {
        return this == MAX_BY || this == MIN_BY || this == CORR || this == COVAR_POP || this == COVAR_SAMP;
    }

    /** True for percentile and percentile_approx (they carry {@link Percentiles}). */
    public boolean isPercentile() {
        return this == PERCENTILE || this == PERCENTILE_APPROX;
    }
}
