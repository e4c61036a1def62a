package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.SubqueryExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;

/** Removes SubqueryAlias nodes (in subquery plans too): after analysis, qualifiers are no longer needed. */
public final class EliminateSubqueryAliases implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            ResolvedPlan n = node instanceof SubqueryAliasNode alias ? alias.child() : node;
            if (!Plans.expressions(n).stream().anyMatch(Expressions::containsSubquery)) {
                return n;
            }
            return Plans.mapExpressions(n, e -> Expressions.transformUp(e,
                    x -> x instanceof SubqueryExpression s ? s.withPlan(apply(s.plan())) : x));
        });
    }
}
