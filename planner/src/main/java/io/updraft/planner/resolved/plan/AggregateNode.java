package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.List;
import java.util.Objects;

/**
 * GROUP BY {@code groupingExpressions}, producing {@code aggregateExpressions} (as Spark's Aggregate: each
 * output expression is built from grouping expressions, constants and aggregate function calls).
 * No grouping expressions means one global group.
 */
public record AggregateNode(ResolvedPlan child, List<ResolvedExpression> groupingExpressions,
                            List<NamedExpression> aggregateExpressions) implements ResolvedPlan {
    public AggregateNode {
        Objects.requireNonNull(child, "child is null");
        groupingExpressions = List.copyOf(groupingExpressions);
        aggregateExpressions = List.copyOf(aggregateExpressions);
    }

    @Override
    public List<AttributeReference> output() {
        return aggregateExpressions.stream().map(NamedExpression::toAttribute).toList();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new AggregateNode(children.get(0), groupingExpressions, aggregateExpressions);
    }
}
