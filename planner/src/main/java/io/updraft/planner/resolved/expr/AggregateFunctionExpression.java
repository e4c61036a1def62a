package io.updraft.planner.resolved.expr;

import io.updraft.core.plan.AggregateFunction;
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
 */
public record AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                          DataType dataType, boolean ignoreNulls, ResolvedExpression filter,
                                          double relativeSD)
        implements ResolvedExpression {
    public AggregateFunctionExpression {
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        if (argument == null && function != AggregateFunction.COUNT) {
            throw new IllegalArgumentException(function + " needs an argument");
        }
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
        return new AggregateFunctionExpression(function, argument, distinct, dataType, ignoreNulls, newFilter, relativeSD);
    }

    public AggregateFunctionExpression withDistinct(boolean newDistinct) {
        return new AggregateFunctionExpression(function, argument, newDistinct, dataType, ignoreNulls, filter, relativeSD);
    }

    public AggregateFunctionExpression withArgument(ResolvedExpression newArgument) {
        return new AggregateFunctionExpression(function, newArgument, distinct, dataType, ignoreNulls, filter, relativeSD);
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

    /** The argument (when present), then the filter (when present). */
    @Override
    public List<ResolvedExpression> children() {
        List<ResolvedExpression> out = new ArrayList<>(2);
        if (argument != null) {
            out.add(argument);
        }
        if (filter != null) {
            out.add(filter);
        }
        return out;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        int i = 0;
        ResolvedExpression newArgument = argument == null ? null : children.get(i++);
        ResolvedExpression newFilter = filter == null ? null : children.get(i);
        return new AggregateFunctionExpression(function, newArgument, distinct, dataType, ignoreNulls, newFilter,
                relativeSD);
    }
}
