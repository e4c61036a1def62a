package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;

/**
 * Moves broadcast hints into the joins they apply to (a hinted plan reached from a join side through
 * projections, filters and aliases marks that side), then drops the hint nodes (Spark's EliminateResolvedHint).
 */
public final class ResolveJoinHints implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (!Plans.anyMatch(plan, n -> n instanceof BroadcastHintNode)) {
            return plan;
        }
        ResolvedPlan hinted = Plans.transformDown(plan, node -> {
            if (node instanceof JoinNode j) {
                boolean left = j.hint().broadcastLeft() || hinted(j.left());
                boolean right = j.hint().broadcastRight() || hinted(j.right());
                return left == j.hint().broadcastLeft() && right == j.hint().broadcastRight() ? j
                        : j.withHint(new JoinHint(left, right));
            }
            return node;
        });
        return Plans.transformUp(hinted, node -> node instanceof BroadcastHintNode b ? b.child() : node);
    }

    private static boolean hinted(ResolvedPlan side) {
        return switch (side) {
            case BroadcastHintNode b -> true;
            case ProjectNode p -> hinted(p.child());
            case FilterNode f -> hinted(f.child());
            case SubqueryAliasNode a -> hinted(a.child());
            default -> false;
        };
    }
}
