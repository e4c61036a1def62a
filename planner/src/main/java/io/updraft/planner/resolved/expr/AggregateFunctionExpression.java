package io.updraft.planner.resolved.expr;

import io.updraft.core.plan.AggregateFunction;
import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * An aggregate call inside an Aggregate node's output list. {@code argument} is null only for count(*).
 * {@code dataType} is Spark's result type ({@link io.updraft.core.plan.AggregateCall#resultType}).
 */
public record AggregateFunctionExpression(AggregateFunction function, ResolvedExpression argument, boolean distinct,
                                          DataType dataType) implements ResolvedExpression {
    public AggregateFunctionExpression {
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        if (argument == null && function != AggregateFunction.COUNT) {
            throw new IllegalArgumentException(function + " needs an argument");
        }
    }

    /** count never returns null; the others return null for an empty group or all-null input. */
    @Override
    public boolean nullable() {
        return function != AggregateFunction.COUNT;
    }

    @Override
    public List<ResolvedExpression> children() {
        return argument == null ? List.of() : List.of(argument);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return children.isEmpty() ? this : new AggregateFunctionExpression(function, children.get(0), distinct, dataType);
    }
}
