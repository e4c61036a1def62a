package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.OrExpression;
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
 * Spark's PushExtraPredicateThroughJoin. A join condition conjunct that reads both sides and holds a disjunction
 * implies, for each side, the weaker predicate made of its parts that read that side only:
 * {@code (a1 AND b1) OR (a2 AND b2)} implies {@code a1 OR a2} on the side of the a's. That predicate is added
 * as a filter on the side (the condition stays as it was), so TPC-H Q19 filters part and lineitem before the
 * join and Q7 reads two nations instead of 25. Sides as in {@link PushPredicateThroughJoin}: both for an inner,
 * cross or left semi join, the right side of a left outer join, the left side of a right outer join.
 * <p>Not idempotent (the derived filter moves away from the join), so it runs in a once batch.
 */
public final class PushExtraPredicateThroughJoin implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformDown(plan, node -> node instanceof JoinNode j && j.condition() != null ? push(j) : node);
    }

    private static ResolvedPlan push(JoinNode j) {
        boolean toLeft = switch (j.joinType()) {
            case INNER, CROSS, LEFT_SEMI, RIGHT_OUTER -> true;
            default -> false;
        };
        boolean toRight = switch (j.joinType()) {
            case INNER, CROSS, LEFT_SEMI, LEFT_OUTER -> true;
            default -> false;
        };
        if (!toLeft && !toRight) {
            return j;
        }
        Set<Long> leftIds = new HashSet<>();
        j.left().output().forEach(a -> leftIds.add(a.id()));
        Set<Long> rightIds = new HashSet<>();
        j.right().output().forEach(a -> rightIds.add(a.id()));
        List<ResolvedExpression> leftPredicates = new ArrayList<>();
        List<ResolvedExpression> rightPredicates = new ArrayList<>();
        for (ResolvedExpression c : Expressions.conjuncts(j.condition())) {
            if (Expressions.containsSubquery(c) || !Expressions.anyMatch(c, e -> e instanceof OrExpression)
                    || Expressions.referencesOnly(c, leftIds) || Expressions.referencesOnly(c, rightIds)) {
                continue;
            }
            if (toLeft) {
                addIfPresent(leftPredicates, within(c, leftIds));
            }
            if (toRight) {
                addIfPresent(rightPredicates, within(c, rightIds));
            }
        }
        if (leftPredicates.isEmpty() && rightPredicates.isEmpty()) {
            return j;
        }
        return new JoinNode(filtered(j.left(), leftPredicates), filtered(j.right(), rightPredicates), j.joinType(),
                j.condition(), j.hint());
    }

    private static void addIfPresent(List<ResolvedExpression> list, ResolvedExpression e) {
        if (e != null) {
            list.add(e);
        }
    }

    private static ResolvedPlan filtered(ResolvedPlan side, List<ResolvedExpression> predicates) {
        return predicates.isEmpty() ? side : new FilterNode(side, Expressions.and(predicates));
    }

    /**
     * The weakest predicate implied by {@code e} that reads only {@code ids}, or null when there is none
     * (Spark's extractPredicatesWithinOutputSet): an AND keeps whichever parts qualify, an OR needs both.
     */
    static ResolvedExpression within(ResolvedExpression e, Set<Long> ids) {
        if (e instanceof AndExpression and) {
            ResolvedExpression left = within(and.left(), ids);
            ResolvedExpression right = within(and.right(), ids);
            if (left == null) {
                return right;
            }
            return right == null ? left : new AndExpression(left, right);
        }
        if (e instanceof OrExpression or) {
            ResolvedExpression left = within(or.left(), ids);
            ResolvedExpression right = within(or.right(), ids);
            return left == null || right == null ? null : new OrExpression(left, right);
        }
        return !Expressions.references(e).isEmpty() && Expressions.referencesOnly(e, ids) ? e : null;
    }
}
