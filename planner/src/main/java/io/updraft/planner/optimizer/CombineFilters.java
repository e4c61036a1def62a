package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

/** {@code Filter(outer, Filter(inner, x))} becomes {@code Filter(inner AND outer, x)}. */
public final class CombineFilters implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof FilterNode outer && outer.child() instanceof FilterNode inner) {
                return new FilterNode(inner.child(), new AndExpression(inner.condition(), outer.condition()));
            }
            return node;
        });
    }
}
