package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Spark's PushPredicateThroughJoin. A filter above a join sends each conjunct that reads one side only into that
 * side when the join preserves the filtered side's rows unchanged: both sides of an inner join, the left side of a
 * LEFT OUTER / SEMI / ANTI join, the right side of a RIGHT OUTER join, neither side of a FULL OUTER join; conjuncts
 * reading both sides of an inner join join its condition. A join condition's single-side conjuncts go into the side
 * whose rows they only select: both sides of an inner or LEFT SEMI join, the right (null-supplying) side of a LEFT
 * OUTER or LEFT ANTI join, the left side of a RIGHT OUTER join.
 */
public final class PushPredicateThroughJoin implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformDown(plan, node -> {
            if (node instanceof FilterNode f && f.child() instanceof JoinNode j) {
                return pushFilter(f, j);
            }
            if (node instanceof JoinNode j && j.condition() != null) {
                return pushCondition(j);
            }
            return node;
        });
    }

    private record Split(List<ResolvedExpression> left, List<ResolvedExpression> right, List<ResolvedExpression> both) {
    }

    private static Split split(ResolvedExpression condition, JoinNode j) {
        Set<Long> leftIds = new HashSet<>();
        j.left().output().forEach(a -> leftIds.add(a.id()));
        Set<Long> rightIds = new HashSet<>();
        j.right().output().forEach(a -> rightIds.add(a.id()));
        Split s = new Split(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (ResolvedExpression c : Expressions.conjuncts(condition)) {
            Set<Long> refs = Expressions.references(c).keySet();
            if (refs.isEmpty() || Expressions.containsSubquery(c)) {
                s.both().add(c);
            } else if (leftIds.containsAll(refs)) {
                s.left().add(c);
            } else if (rightIds.containsAll(refs)) {
                s.right().add(c);
            } else {
                s.both().add(c);
            }
        }
        return s;
    }

    private static ResolvedPlan filtered(ResolvedPlan side, List<ResolvedExpression> conjuncts) {
        return conjuncts.isEmpty() ? side : new FilterNode(side, Expressions.and(conjuncts));
    }

    private static ResolvedPlan pushFilter(FilterNode f, JoinNode j) {
        Split s = split(f.condition(), j);
        List<ResolvedExpression> toLeft = new ArrayList<>();
        List<ResolvedExpression> toRight = new ArrayList<>();
        List<ResolvedExpression> toCondition = new ArrayList<>();
        List<ResolvedExpression> stay = new ArrayList<>();
        switch (j.joinType()) {
            case INNER, CROSS -> {
                toLeft.addAll(s.left());
                toRight.addAll(s.right());
                for (ResolvedExpression c : s.both()) {
                    (Expressions.references(c).isEmpty() || Expressions.containsSubquery(c) ? stay : toCondition).add(c);
                }
            }
            case LEFT_OUTER, LEFT_SEMI, LEFT_ANTI -> {
                toLeft.addAll(s.left());
                stay.addAll(s.right());
                stay.addAll(s.both());
            }
            case RIGHT_OUTER -> {
                toRight.addAll(s.right());
                stay.addAll(s.left());
                stay.addAll(s.both());
            }
            case FULL_OUTER -> {
                return f;
            }
        }
        if (toLeft.isEmpty() && toRight.isEmpty() && toCondition.isEmpty()) {
            return f;
        }
        ResolvedExpression condition = j.condition();
        JoinType type = j.joinType();
        if (!toCondition.isEmpty()) {
            List<ResolvedExpression> all = new ArrayList<>();
            if (condition != null) {
                all.addAll(Expressions.conjuncts(condition));
            }
            all.addAll(toCondition);
            condition = Expressions.and(all);
            type = JoinType.INNER;
        }
        JoinNode join = new JoinNode(filtered(j.left(), toLeft), filtered(j.right(), toRight), type, condition, j.hint());
        return stay.isEmpty() ? join : new FilterNode(join, Expressions.and(stay));
    }

    private static ResolvedPlan pushCondition(JoinNode j) {
        Split s = split(j.condition(), j);
        boolean pushLeft = switch (j.joinType()) {
            case INNER, CROSS, LEFT_SEMI, RIGHT_OUTER -> true;
            default -> false;
        };
        boolean pushRight = switch (j.joinType()) {
            case INNER, CROSS, LEFT_SEMI, LEFT_OUTER, LEFT_ANTI -> true;
            default -> false;
        };
        List<ResolvedExpression> toLeft = pushLeft ? s.left() : List.of();
        List<ResolvedExpression> toRight = pushRight ? s.right() : List.of();
        if (toLeft.isEmpty() && toRight.isEmpty()) {
            return j;
        }
        List<ResolvedExpression> kept = new ArrayList<>(s.both());
        if (!pushLeft) {
            kept.addAll(s.left());
        }
        if (!pushRight) {
            kept.addAll(s.right());
        }
        return new JoinNode(filtered(j.left(), toLeft), filtered(j.right(), toRight), j.joinType(),
                kept.isEmpty() ? null : Expressions.and(kept), j.hint());
    }
}
