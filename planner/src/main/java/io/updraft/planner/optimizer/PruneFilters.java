package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.List;

/** Drops conjuncts that are the constant true, and the whole filter when nothing else remains. */
public final class PruneFilters implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (!(node instanceof FilterNode f)) {
                return node;
            }
            List<ResolvedExpression> conjuncts = Expressions.conjuncts(f.condition());
            List<ResolvedExpression> kept = conjuncts.stream().filter(c -> !isTrue(c)).toList();
            if (kept.size() == conjuncts.size()) {
                return node;
            }
            return kept.isEmpty() ? f.child() : new FilterNode(f.child(), Expressions.and(kept));
        });
    }

    private static boolean isTrue(ResolvedExpression e) {
        return e instanceof ConstantExpression c && Boolean.TRUE.equals(c.value());
    }
}
