package io.updraft.planner.optimizer;

import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code dropDuplicates(keys)} becomes an Aggregate grouped by the keys whose other columns are
 * {@code first(col)} (Spark's ReplaceDeduplicateWithAggregate); each output keeps its column's id, so the
 * parents still read the same columns.
 */
public final class ReplaceDeduplicateWithAggregate implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (!(node instanceof DeduplicateNode d)) {
                return node;
            }
            List<ResolvedExpression> keys = new ArrayList<>(d.keys());
            List<NamedExpression> output = new ArrayList<>();
            for (AttributeReference a : d.child().output()) {
                if (d.keys().stream().anyMatch(k -> k.id() == a.id())) {
                    output.add(a);
                } else {
                    output.add(new AliasExpression(new AggregateFunctionExpression(AggregateFunction.FIRST, a, false,
                            a.dataType()), a.name(), a.id()));
                }
            }
            return new AggregateNode(d.child(), keys, output);
        });
    }
}
