package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;

/** Removes SubqueryAlias nodes: after analysis, qualifiers are no longer needed. */
public final class EliminateSubqueryAliases implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> node instanceof SubqueryAliasNode alias ? alias.child() : node);
    }
}
