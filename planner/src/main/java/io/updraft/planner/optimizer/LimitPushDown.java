package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.LocalLimitNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.UnionNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Spark's LimitPushDown and CombineLimits: under {@code LIMIT n OFFSET m} (through projections), each input of a
 * UNION ALL and the preserved side of a LEFT / RIGHT OUTER join need at most n + m rows, so they get a per-task
 * LocalLimit (the global limit stays and decides); nested limits combine into the smaller one (also through
 * projections).
 */
public final class LimitPushDown implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformDown(plan, node -> {
            if (node instanceof LimitNode outer && outer.offset() == 0 && outer.child() instanceof LimitNode inner
                    && inner.offset() == 0) {
                return new LimitNode(inner.child(), Math.min(outer.limit(), inner.limit()), 0);
            }
            if (node instanceof LocalLimitNode outer && outer.child() instanceof LocalLimitNode inner) {
                return new LocalLimitNode(inner.child(), Math.min(outer.limit(), inner.limit()));
            }
            if (node instanceof LimitNode l) {
                long n = l.limit() > Long.MAX_VALUE - l.offset() ? Long.MAX_VALUE : l.limit() + l.offset();
                ResolvedPlan pushed = push(l.child(), n);
                return pushed == l.child() ? l : new LimitNode(pushed, l.limit(), l.offset());
            }
            return node;
        });
    }

    private static ResolvedPlan push(ResolvedPlan plan, long n) {
        return switch (plan) {
            // An inner limit of at least n rows (no offset) changes nothing under this one.
            case LimitNode inner when inner.offset() == 0 && inner.limit() >= n -> push(inner.child(), n);
            case ProjectNode p -> {
                ResolvedPlan child = push(p.child(), n);
                yield child == p.child() ? p : new ProjectNode(child, p.projectList());
            }
            case UnionNode u -> {
                List<ResolvedPlan> children = new ArrayList<>();
                boolean changed = false;
                for (ResolvedPlan c : u.children()) {
                    ResolvedPlan limited = limited(c, n);
                    changed |= limited != c;
                    children.add(limited);
                }
                yield changed ? new UnionNode(children) : u;
            }
            case JoinNode j when j.joinType() == JoinType.LEFT_OUTER -> {
                ResolvedPlan left = limited(j.left(), n);
                yield left == j.left() ? j : new JoinNode(left, j.right(), j.joinType(), j.condition(), j.hint());
            }
            case JoinNode j when j.joinType() == JoinType.RIGHT_OUTER -> {
                ResolvedPlan right = limited(j.right(), n);
                yield right == j.right() ? j : new JoinNode(j.left(), right, j.joinType(), j.condition(), j.hint());
            }
            default -> plan;
        };
    }

    /** The plan under a LocalLimit of n, unless it is already limited to at most n rows. */
    private static ResolvedPlan limited(ResolvedPlan plan, long n) {
        if (plan instanceof LocalLimitNode l && l.limit() <= n
                || plan instanceof LimitNode l2 && l2.limit() + l2.offset() <= n) {
            return plan;
        }
        return new LocalLimitNode(plan, n);
    }
}
