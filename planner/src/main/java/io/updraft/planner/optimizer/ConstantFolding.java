package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

/**
 * Replaces every sub-expression whose inputs are all constants by its value: casts of literals
 * ({@code cast(24 as decimal(15,2))} → 24.00), literal arithmetic ({@code 0.06 - 0.01} → 0.05),
 * comparisons and boolean logic of literals, in every operator's expressions (join conditions too). Aliases keep
 * their names and ids.
 */
public final class ConstantFolding implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> Plans.mapExpressions(node, ConstantFolding::fold));
    }

    static ResolvedExpression fold(ResolvedExpression e) {
        return Expressions.transformUp(e, x -> {
            if (x instanceof AliasExpression) {
                return x;
            }
            return ConstantEvaluator.evaluate(x).<ResolvedExpression>map(c -> c).orElse(x);
        });
    }
}
