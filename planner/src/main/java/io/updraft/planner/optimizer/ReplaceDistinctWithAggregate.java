package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.ArrayList;
import java.util.List;

/** {@code Distinct(x)} becomes {@code Aggregate(x, group by all columns, output all columns)}, as Spark. */
public final class ReplaceDistinctWithAggregate implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof DistinctNode d) {
                List<ResolvedExpression> keys = new ArrayList<>(d.child().output());
                List<NamedExpression> output = new ArrayList<>(d.child().output());
                return new AggregateNode(d.child(), keys, output);
            }
            return node;
        });
    }
}
