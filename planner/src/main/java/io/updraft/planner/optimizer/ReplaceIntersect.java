package io.updraft.planner.optimizer;

import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

/**
 * INTERSECT becomes {@code Distinct(left LEFT SEMI JOIN right ON all columns <=>)} (Spark's
 * ReplaceIntersectWithSemiJoin). INTERSECT ALL keeps min(m, n) copies of a row occurring m times on the left and
 * n times on the right: each left row gets its occurrence number k (row_number over equal rows) and is kept when
 * the right side has the row at least k times (a LEFT SEMI join on the row and {@code k <= count}).
 */
public final class ReplaceIntersect implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (!Plans.anyMatch(plan, n -> n instanceof IntersectNode)) {
            return plan;
        }
        ExprIdGenerator ids = new ExprIdGenerator(Plans.maxExpressionId(plan) + 1);
        return Plans.transformUp(plan, node -> {
            if (!(node instanceof IntersectNode i)) {
                return node;
            }
            if (i.all()) {
                return SetOperationRewrites.allJoin(i.left(), i.right(), JoinType.LEFT_SEMI, ids);
            }
            return SetOperationRewrites.distinct(new JoinNode(i.left(), i.right(), JoinType.LEFT_SEMI,
                    SetOperationRewrites.rowsEqual(i.left().output(), i.right().output())));
        });
    }
}
