package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.core.stats.ColumnRange;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.stats.SizeEstimator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reorders chains of three or more inner joins (with the filters above them: comma joins put every condition in
 * the WHERE clause) by estimated size ({@link SizeEstimator}): the largest input first (it streams; the others are
 * built or broadcast), then, greedily, the input connected to those joined so far by a condition whose join is
 * estimated smallest (key/foreign-key joins through filtered dimensions first); inputs connected by no equality
 * come last, smallest first (nested loop or cross joins). Each condition goes to the first join that has all its columns (predicate pushdown then
 * moves single-input conditions further down); a projection restores the original column order. Joins carrying a
 * broadcast hint are left alone. Runs once, before predicate pushdown.
 */
public final class ReorderJoins implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return reorder(plan);
    }

    private static boolean isInnerJoin(ResolvedPlan p) {
        return p instanceof JoinNode j && (j.joinType() == JoinType.INNER || j.joinType() == JoinType.CROSS)
                && !j.hint().any();
    }

    private static ResolvedPlan reorder(ResolvedPlan plan) {
        boolean root = isInnerJoin(plan) || plan instanceof FilterNode f && isInnerJoin(f.child());
        if (root) {
            List<ResolvedPlan> items = new ArrayList<>();
            List<ResolvedExpression> conditions = new ArrayList<>();
            flatten(plan, items, conditions);
            if (items.size() >= 3) {
                items.replaceAll(ReorderJoins::reorder);
                ResolvedPlan reordered = build(items, conditions, plan.output());
                return reordered;
            }
        }
        List<ResolvedPlan> children = plan.children();
        if (children.isEmpty()) {
            return plan;
        }
        List<ResolvedPlan> newChildren = new ArrayList<>();
        boolean changed = false;
        for (ResolvedPlan c : children) {
            ResolvedPlan r = reorder(c);
            changed |= r != c;
            newChildren.add(r);
        }
        return changed ? plan.withChildren(newChildren) : plan;
    }

    private static void flatten(ResolvedPlan plan, List<ResolvedPlan> items, List<ResolvedExpression> conditions) {
        if (plan instanceof FilterNode f && isInnerJoin(f.child())) {
            conditions.addAll(Expressions.conjuncts(f.condition()));
            flatten(f.child(), items, conditions);
        } else if (isInnerJoin(plan)) {
            JoinNode j = (JoinNode) plan;
            if (j.condition() != null) {
                conditions.addAll(Expressions.conjuncts(j.condition()));
            }
            flatten(j.left(), items, conditions);
            flatten(j.right(), items, conditions);
        } else {
            items.add(plan);
        }
    }

    private static ResolvedPlan build(List<ResolvedPlan> items, List<ResolvedExpression> conditions,
                                      List<AttributeReference> originalOutput) {
        int n = items.size();
        List<Set<Long>> itemIds = items.stream().map(Plans::outputIds).toList();
        Map<Long, Double> baseRows = new HashMap<>();
        items.forEach(i -> SizeEstimator.collectBaseRows(i, baseRows));
        double[] rows = new double[n];
        for (int i = 0; i < n; i++) {
            rows[i] = SizeEstimator.rows(items.get(i));
            Map<Long, ColumnRange> ranges = SizeEstimator.ranges(items.get(i));
            for (ResolvedExpression c : conditions) {
                Set<Long> refs = Expressions.references(c).keySet();
                if (!refs.isEmpty() && itemIds.get(i).containsAll(refs)) {
                    rows[i] *= SizeEstimator.selectivity(c, ranges);
                }
            }
        }
        int start = 0;
        for (int i = 1; i < n; i++) {
            if (rows[i] > rows[start]) {
                start = i;
            }
        }
        List<Integer> order = new ArrayList<>(List.of(start));
        Set<Long> joinedIds = new HashSet<>(itemIds.get(start));
        double joinedRows = rows[start];
        boolean[] used = new boolean[n];
        used[start] = true;
        while (order.size() < n) {
            int best = -1;
            double bestRows = Double.POSITIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                if (used[j]) {
                    continue;
                }
                double estimate = connectedRows(conditions, joinedIds, itemIds.get(j), joinedRows, rows[j], baseRows);
                if (estimate >= 0 && (estimate < bestRows || estimate == bestRows && rows[j] < rows[best])) {
                    best = j;
                    bestRows = estimate;
                }
            }
            if (best < 0) {
                for (int j = 0; j < n; j++) {
                    if (!used[j] && (best < 0 || rows[j] < rows[best])) {
                        best = j;
                    }
                }
                bestRows = joinedRows * rows[best];
            }
            used[best] = true;
            order.add(best);
            joinedIds.addAll(itemIds.get(best));
            joinedRows = bestRows;
        }
        // Left-deep tree in that order; each condition at the first join that sees all its columns.
        List<ResolvedExpression> pending = new ArrayList<>(conditions);
        ResolvedPlan tree = items.get(order.get(0));
        Set<Long> available = new HashSet<>(itemIds.get(order.get(0)));
        for (int k = 1; k < n; k++) {
            int item = order.get(k);
            available.addAll(itemIds.get(item));
            List<ResolvedExpression> here = new ArrayList<>();
            for (ResolvedExpression c : new ArrayList<>(pending)) {
                if (available.containsAll(Expressions.references(c).keySet())) {
                    here.add(c);
                    pending.remove(c);
                }
            }
            tree = new JoinNode(tree, items.get(item), here.isEmpty() ? JoinType.CROSS : JoinType.INNER,
                    here.isEmpty() ? null : Expressions.and(here), JoinHint.NONE);
        }
        if (!pending.isEmpty()) {
            tree = new FilterNode(tree, Expressions.and(pending));
        }
        List<Long> before = originalOutput.stream().map(AttributeReference::id).toList();
        List<Long> after = tree.output().stream().map(AttributeReference::id).toList();
        return before.equals(after) ? tree : new ProjectNode(tree, new ArrayList<>(originalOutput));
    }

    /**
     * The estimated rows of joining the item to the joined set when an equi-join condition connects them (the best
     * key, times the selectivity of the other connecting conditions); -1 when no equality connects them (a join on
     * other conditions only is a nested loop join, left for last like a cross join).
     */
    private static double connectedRows(List<ResolvedExpression> conditions, Set<Long> joined, Set<Long> item,
                                        double joinedRows, double itemRows, Map<Long, Double> baseRows) {
        Set<Long> both = new HashSet<>(joined);
        both.addAll(item);
        double best = -1;
        double other = 1;
        for (ResolvedExpression c : conditions) {
            Set<Long> refs = Expressions.references(c).keySet();
            if (refs.isEmpty() || !both.containsAll(refs) || item.containsAll(refs) || joined.containsAll(refs)) {
                continue;
            }
            double keyed = SizeEstimator.keyedRows(c, joined, item, joinedRows, itemRows, baseRows);
            if (keyed >= 0) {
                best = best < 0 ? keyed : Math.min(best, keyed);
            } else {
                other *= SizeEstimator.selectivity(c);
            }
        }
        return best < 0 ? -1 : best * other;
    }
}
