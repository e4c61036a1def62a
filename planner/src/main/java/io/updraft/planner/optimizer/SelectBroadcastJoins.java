package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.stats.SizeEstimator;

/**
 * Spark's JoinSelection by size: a join side whose estimated size ({@link SizeEstimator}) is at most
 * {@code autoBroadcastJoinThreshold} bytes is marked for broadcast, when the join type lets that side be built:
 * either side of an inner / cross join (the smaller one), the right side of LEFT OUTER / SEMI / ANTI joins, the
 * left side of a RIGHT OUTER join, never for FULL OUTER. User hints win. A threshold &lt;= 0 disables it.
 */
public final class SelectBroadcastJoins implements OptimizerRule {
    private final long threshold;

    public SelectBroadcastJoins(long autoBroadcastJoinThreshold) {
        this.threshold = autoBroadcastJoinThreshold;
    }

    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (threshold <= 0) {
            return plan;
        }
        return Plans.transformUp(plan, node -> {
            if (!(node instanceof JoinNode j) || j.hint().any()) {
                return node;
            }
            boolean canLeft = switch (j.joinType()) {
                case INNER, CROSS, RIGHT_OUTER -> true;
                default -> false;
            };
            boolean canRight = switch (j.joinType()) {
                case INNER, CROSS, LEFT_OUTER, LEFT_SEMI, LEFT_ANTI -> true;
                default -> false;
            };
            double left = canLeft ? SizeEstimator.estimate(j.left()).bytes() : Double.POSITIVE_INFINITY;
            double right = canRight ? SizeEstimator.estimate(j.right()).bytes() : Double.POSITIVE_INFINITY;
            boolean broadcastRight = right <= threshold && right <= left;
            boolean broadcastLeft = !broadcastRight && left <= threshold;
            if (!broadcastLeft && !broadcastRight) {
                return node;
            }
            return j.withHint(new JoinHint(broadcastLeft, broadcastRight));
        });
    }
}
