package io.updraft.core.plan;

import io.updraft.core.expr.Expr;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.util.List;
import java.util.Objects;

/**
 * One aggregate: function, argument (null only for count(*)), result type and, for FIRST/LAST,
 * whether nulls are skipped. {@link #stateTypes()} is the layout of its partial state, shared by
 * planner and engine:
 * COUNT → [bigint]; SUM → [result type]; AVG → [sum, bigint count] where sum is double for
 * non-decimal input and decimal(min(38, p+10), s) for decimal(p,s); MIN/MAX → [result type];
 * STDDEV_SAMP/STDDEV_POP/VAR_SAMP/VAR_POP → [double n, double mean, double m2] (merged with the
 * parallel algorithm of Chan et al.); FIRST/LAST → [result type value, boolean set];
 * COLLECT_LIST/COLLECT_SET → [array&lt;T&gt; of the values so far] (the result type itself);
 * APPROX_COUNT_DISTINCT → [array&lt;bigint not null&gt;]: the HyperLogLog++ registers, 6 bits each, 10 per
 * word (register i in bits 6·(i mod 10) of word i / 10), m / 10 + 1 words for m = 2^p, as Spark's buffer layout.
 * PERCENTILE → [array&lt;double&gt; distinct values, array&lt;bigint&gt; their counts]; MODE → [array&lt;T&gt; distinct
 * values, array&lt;bigint&gt; their counts]; PERCENTILE_APPROX → [array&lt;double&gt; values, array&lt;bigint&gt; g,
 * array&lt;bigint&gt; delta]: the compressed Greenwald-Khanna summary (its count is the sum of g), as Spark's digest;
 * MAX_BY/MIN_BY → [value, ordering] (ordering null = nothing seen); COVAR_POP/COVAR_SAMP → [double n, xAvg, yAvg,
 * ck]; CORR → [n, xAvg, yAvg, ck, xMk, yMk]; SKEWNESS → [n, mean, m2, m3]; KURTOSIS → [n, mean, m2, m3, m4]
 * (Spark's buffers); USER_DEFINED → [{@link UserAggregate#stateType()}]: the user's buffer through its encoder.
 * {@code relativeSD} is approx_count_distinct's maximum relative standard deviation (0 for the other
 * functions; 0 in JSON decodes as Spark's default 0.05). {@code secondArgument} is the second argument of the
 * two-argument functions ({@link AggregateFunction#takesSecondArgument()}) and percentile's optional frequency
 * (null otherwise); {@code percentiles} the constant parameters of PERCENTILE and PERCENTILE_APPROX (null
 * otherwise). {@code userAggregate} is the user code of USER_DEFINED (null otherwise; absent in older JSON).
 */
public record AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType,
                            boolean ignoreNulls, double relativeSD, Expr secondArgument, Percentiles percentiles,
                            UserAggregate userAggregate) {
    /** The partial state of APPROX_COUNT_DISTINCT: the packed register words. */
    public static final ArrayType HLL_STATE_TYPE = new ArrayType(DataTypes.LongType, false);

    /** Spark's default relative standard deviation of approx_count_distinct. */
    public static final double DEFAULT_RELATIVE_SD = 0.05;

    public AggregateCall {
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        if (argument == null && function != AggregateFunction.COUNT) {
            throw new IllegalArgumentException(function + " needs an argument");
        }
        if (distinct) {
            throw new IllegalArgumentException("DISTINCT aggregates are not supported yet");
        }
        if (ignoreNulls && function != AggregateFunction.FIRST && function != AggregateFunction.LAST) {
            throw new IllegalArgumentException("ignoreNulls applies to FIRST and LAST only, not " + function);
        }
        if (function.isMoment() && argument != null && !argument.dataType().isNumeric()) {
            throw new IllegalArgumentException(function + " needs a numeric argument, got "
                    + argument.dataType().simpleString());
        }
        if (function == AggregateFunction.APPROX_COUNT_DISTINCT) {
            if (relativeSD == 0) {
                relativeSD = DEFAULT_RELATIVE_SD;
            }
            int p = hllPrecision(relativeSD);
            if (p < 4) {
                throw new IllegalArgumentException("HLL++ requires at least 4 bits for addressing. Use a lower error,"
                        + " at most 39%; got relativeSD " + relativeSD);
            }
            if (p > 18) {
                throw new IllegalArgumentException("approx_count_distinct supports a relativeSD of at least 0.0022"
                        + " (HyperLogLog++ precision 18); got " + relativeSD);
            }
        } else if (relativeSD != 0) {
            throw new IllegalArgumentException("relativeSD applies to APPROX_COUNT_DISTINCT only, not " + function);
        }
        if ((function == AggregateFunction.COLLECT_LIST || function == AggregateFunction.COLLECT_SET)
                && argument != null && argument.dataType() instanceof ArrayType) {
            throw new IllegalArgumentException(function + " of array values is not supported yet");
        }
        if (function.takesSecondArgument() && secondArgument == null) {
            throw new IllegalArgumentException(function + " needs a second argument");
        }
        if (secondArgument != null && !function.takesSecondArgument() && function != AggregateFunction.PERCENTILE) {
            throw new IllegalArgumentException(function + " takes no second argument");
        }
        if (function.isPercentile() != (percentiles != null)) {
            throw new IllegalArgumentException(function.isPercentile() ? function + " needs its percentages"
                    : "percentages apply to PERCENTILE and PERCENTILE_APPROX only, not " + function);
        }
        if (function == AggregateFunction.PERCENTILE_APPROX && percentiles.accuracy() <= 0) {
            throw new IllegalArgumentException("PERCENTILE_APPROX needs a positive accuracy, got "
                    + percentiles.accuracy());
        }
        if ((function == AggregateFunction.USER_DEFINED) != (userAggregate != null)) {
            throw new IllegalArgumentException(function == AggregateFunction.USER_DEFINED
                    ? "USER_DEFINED needs its user code" : "user code applies to USER_DEFINED only, not " + function);
        }
    }

    public AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType,
                         boolean ignoreNulls, double relativeSD, Expr secondArgument, Percentiles percentiles) {
        this(function, argument, distinct, dataType, ignoreNulls, relativeSD, secondArgument, percentiles, null);
    }

    /** A user-defined aggregate over {@code argument} (the struct of its arguments), returning {@code dataType}. */
    public static AggregateCall userDefined(UserAggregate userAggregate, Expr argument, DataType dataType) {
        return new AggregateCall(AggregateFunction.USER_DEFINED, argument, false, dataType, false, 0, null, null,
                userAggregate);
    }

    public AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType,
                         boolean ignoreNulls, double relativeSD) {
        this(function, argument, distinct, dataType, ignoreNulls, relativeSD, null, null);
    }

    public AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType,
                         boolean ignoreNulls) {
        this(function, argument, distinct, dataType, ignoreNulls, 0);
    }

    /** Spark's HyperLogLog++ precision for a relative standard deviation: ceil(2 · log2(1.106 / rsd)). */
    public static int hllPrecision(double relativeSD) {
        return (int) Math.ceil(2.0d * Math.log(1.106d / relativeSD) / Math.log(2.0d));
    }

    /** The HyperLogLog++ precision of this APPROX_COUNT_DISTINCT call. */
    public int hllPrecision() {
        return hllPrecision(relativeSD);
    }

    /** An aggregate that does not skip nulls specially (every function but FIRST/LAST ignoring nulls). */
    public AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType) {
        this(function, argument, distinct, dataType, false);
    }

    /** Spark's result type of {@code function(input)}. */
    public static DataType resultType(AggregateFunction function, DataType input) {
        return switch (function) {
            case COUNT -> DataTypes.LongType;
            case MIN, MAX, FIRST, LAST -> input;
            case SUM -> input instanceof DecimalType d ? DecimalType.bounded(d.precision() + 10, d.scale())
                    : input.isIntegral() ? DataTypes.LongType : DataTypes.DoubleType;
            case AVG -> input instanceof DecimalType d ? DecimalType.bounded(d.precision() + 4, d.scale() + 4)
                    : DataTypes.DoubleType;
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP -> DataTypes.DoubleType;
            case COLLECT_LIST, COLLECT_SET -> new ArrayType(input, false);
            case APPROX_COUNT_DISTINCT -> DataTypes.LongType;
            case PERCENTILE, CORR, COVAR_POP, COVAR_SAMP, SKEWNESS, KURTOSIS -> DataTypes.DoubleType;
            case PERCENTILE_APPROX, MODE, MAX_BY, MIN_BY -> input;
            case USER_DEFINED -> throw new IllegalArgumentException("a user-defined aggregate's result type is the"
                    + " one its code declares");
        };
    }

    /**
     * Spark's result type of percentile / percentile_approx: double (percentile) or the input type
     * (percentile_approx), as an array of non-null elements when the percentage is an array.
     */
    public static DataType resultType(AggregateFunction function, DataType input, Percentiles percentiles) {
        DataType one = resultType(function, input);
        return percentiles != null && percentiles.array() ? new ArrayType(one, false) : one;
    }

    public List<DataType> stateTypes() {
        return switch (function) {
            case COUNT -> List.of(DataTypes.LongType);
            case SUM, MIN, MAX -> List.of(dataType);
            case AVG -> List.of(argument.dataType() instanceof DecimalType d
                    ? DecimalType.bounded(d.precision() + 10, d.scale()) : DataTypes.DoubleType, DataTypes.LongType);
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP ->
                    List.of(DataTypes.DoubleType, DataTypes.DoubleType, DataTypes.DoubleType);
            case FIRST, LAST -> List.of(dataType, DataTypes.BooleanType);
            case COLLECT_LIST, COLLECT_SET -> List.of(dataType);
            case APPROX_COUNT_DISTINCT -> List.of(HLL_STATE_TYPE);
            case PERCENTILE -> List.of(new ArrayType(DataTypes.DoubleType, false), COUNTS_STATE_TYPE);
            case MODE -> List.of(new ArrayType(argument.dataType(), false), COUNTS_STATE_TYPE);
            case PERCENTILE_APPROX -> List.of(new ArrayType(DataTypes.DoubleType, false), COUNTS_STATE_TYPE,
                    COUNTS_STATE_TYPE);
            case MAX_BY, MIN_BY -> List.of(dataType, secondArgument.dataType());
            case COVAR_POP, COVAR_SAMP -> doubles(4);
            case CORR -> doubles(6);
            case SKEWNESS -> doubles(4);
            case KURTOSIS -> doubles(5);
            case USER_DEFINED -> List.of(userAggregate.stateType());
        };
    }

    /** The counts (and Greenwald-Khanna g and delta) of the value-count states. */
    public static final ArrayType COUNTS_STATE_TYPE = new ArrayType(DataTypes.LongType, false);

    private static List<DataType> doubles(int n) {
        return java.util.Collections.nCopies(n, DataTypes.DoubleType);
    }
}
