package io.updraft.planner.optimizer;

import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

/**
 * EXCEPT becomes {@code Distinct(left LEFT ANTI JOIN right ON all columns <=>)} (Spark's
 * ReplaceExceptWithAntiJoin). EXCEPT ALL keeps max(0, m - n) copies: a left row with occurrence number k is kept
 * unless the right side has the row at least k times (a LEFT ANTI join on the row and {@code k <= count}).
 */
public final class ReplaceExcept implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (!Plans.anyMatch(plan, n -> n instanceof ExceptNode)) {
            return plan;
        }
        ExprIdGenerator ids = new ExprIdGenerator(Plans.maxExpressionId(plan) + 1);
        return Plans.transformUp(plan, node -> {
            if (!(node instanceof ExceptNode e)) {
                return node;
            }
            if (e.all()) {
                return SetOperationRewrites.allJoin(e.left(), e.right(), JoinType.LEFT_ANTI, ids);
            }
            return SetOperationRewrites.distinct(new JoinNode(e.left(), e.right(), JoinType.LEFT_ANTI,
                    SetOperationRewrites.rowsEqual(e.left().output(), e.right().output())));
        });
    }
}
