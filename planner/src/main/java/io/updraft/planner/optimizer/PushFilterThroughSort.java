package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SortNode;

/**
 * {@code Filter(c, Sort(x))} becomes {@code Sort(Filter(c, x))}: filtering does not change the order of
 * the rows that remain, and fewer rows reach the sort. (Not through a limit: that changes the result.)
 */
public final class PushFilterThroughSort implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformDown(plan, node -> {
            if (node instanceof FilterNode filter && filter.child() instanceof SortNode sort) {
                return sort.withChild(new FilterNode(sort.child(), filter.condition()));
            }
            return node;
        });
    }
}
