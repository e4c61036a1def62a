package io.updraft.planner.resolved.expr;

import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.Percentiles;
import io.updraft.core.plan.UserAggregate;
import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An aggregate call inside an Aggregate node's output list (or a window function's aggregate). {@code argument}
 * is null only for count(*). {@code dataType} is Spark's result type
 * ({@link io.updraft.core.plan.AggregateCall#resultType}). {@code distinct}: over distinct argument values
 * (rewritten by the optimizer before physical planning). {@code ignoreNulls}: FIRST/LAST skip nulls.
 * {@code filter} (null when absent): only rows where it is true are aggregated ({@code FILTER (WHERE ...)}).
 * {@code relativeSD}: approx_count_distinct's maximum relative standard deviation (0 for other functions).
 * {@code moreArguments}: the arguments after the first — the second argument of max_by/min_by/corr/covar_*,
 * percentile's frequency, the further columns of {@code count(DISTINCT a, b, ...)} (empty otherwise).
 * {@code percentiles}: the constant parameters of percentile / percentile_approx (null otherwise).
 * {@code display}: the call as Spark prints it when that is not {@code function(arguments)} (functions rewritten
 * at analysis — count_if, bool_and, median, ... — and the percentiles with their defaults shown; null otherwise).
 * {@code userAggregate}: the user code of USER_DEFINED (its argument is the struct of the call's arguments; null
 * otherwise).
 */
public record AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                          DataType dataType, boolean ignoreNulls, ResolvedExpression filter,
                                          double relativeSD, List<ResolvedExpression> moreArguments,
                                          Percentiles percentiles, String display, UserAggregate userAggregate)
        implements ResolvedExpression {
    public AggregateFunctionExpression {
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        moreArguments = List.copyOf(moreArguments);
        if (argument == null && function != AggregateFunction.COUNT) {
            throw new IllegalArgumentException(function + " needs an argument");
        }
        if (function.takesSecondArgument() && moreArguments.size() != 1) {
            throw new IllegalArgumentException(function + " needs exactly two arguments");
        }
        if ((function == AggregateFunction.USER_DEFINED) != (userAggregate != null)) {
            throw new IllegalArgumentException("user code goes with USER_DEFINED, not " + function);
        }
    }

    public AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                       DataType dataType, boolean ignoreNulls, ResolvedExpression filter,
                                       double relativeSD, List<ResolvedExpression> moreArguments,
                                       Percentiles percentiles, String display) {
        this(function, argument, distinct, dataType, ignoreNulls, filter, relativeSD, moreArguments, percentiles,
                display, null);
    }

    public AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                       DataType dataType, boolean ignoreNulls, ResolvedExpression filter,
                                       double relativeSD) {
        this(function, argument, distinct, dataType, ignoreNulls, filter, relativeSD, List.of(), null, null);
    }

    public AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                       DataType dataType, boolean ignoreNulls, ResolvedExpression filter) {
        this(function, argument, distinct, dataType, ignoreNulls, filter, 0);
    }

    public AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                       DataType dataType) {
        this(function, argument, distinct, dataType, false, null);
    }

    public AggregateFunctionExpression withFilter(ResolvedExpression newFilter) {
        return new AggregateFunctionExpression(function, argument, distinct, dataType, ignoreNulls, newFilter, relativeSD,
                moreArguments, percentiles, display, userAggregate);
    }

    public AggregateFunctionExpression withDistinct(boolean newDistinct) {
        return new AggregateFunctionExpression(function, argument, newDistinct, dataType, ignoreNulls, filter, relativeSD,
                moreArguments, percentiles, display, userAggregate);
    }

    public AggregateFunctionExpression withArgument(ResolvedExpression newArgument) {
        return new AggregateFunctionExpression(function, newArgument, distinct, dataType, ignoreNulls, filter, relativeSD,
                moreArguments, percentiles, display, userAggregate);
    }

    /** The same call over new arguments: the first, then {@link #moreArguments()}. */
    public AggregateFunctionExpression withArguments(ResolvedExpression newArgument, List<ResolvedExpression> more) {
        return new AggregateFunctionExpression(function, newArgument, distinct, dataType, ignoreNulls, filter, relativeSD,
                more, percentiles, display, userAggregate);
    }

    /** The second argument (max_by's ordering, corr's y, percentile's frequency), or null. */
    public ResolvedExpression secondArgument() {
        return moreArguments.isEmpty() ? null : moreArguments.get(0);
    }

    /** Every argument: the first (when present), then {@link #moreArguments()}. */
    public List<ResolvedExpression> arguments() {
        List<ResolvedExpression> out = new ArrayList<>(1 + moreArguments.size());
        if (argument != null) {
            out.add(argument);
        }
        out.addAll(moreArguments);
        return out;
    }

    /**
     * count, collect_list/collect_set (an empty array) and approx_count_distinct (0) never return null; the others
     * return null for an empty group or all-null input.
     */
    @Override
    public boolean nullable() {
        return function != AggregateFunction.COUNT && function != AggregateFunction.COLLECT_LIST
                && function != AggregateFunction.COLLECT_SET && function != AggregateFunction.APPROX_COUNT_DISTINCT;
    }

    /** The argument (when present), the further arguments, then the filter (when present). */
    @Override
    public List<ResolvedExpression> children() {
        List<ResolvedExpression> out = arguments();
        if (filter != null) {
            out.add(filter);
        }
        return out;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        int i = 0;
        ResolvedExpression newArgument = argument == null ? null : children.get(i++);
        List<ResolvedExpression> more = new ArrayList<>(children.subList(i, i + moreArguments.size()));
        i += moreArguments.size();
        ResolvedExpression newFilter = filter == null ? null : children.get(i);
        return new AggregateFunctionExpression(function, newArgument, distinct, dataType, ignoreNulls, newFilter,
                relativeSD, more, percentiles, display, userAggregate);
    }
}
