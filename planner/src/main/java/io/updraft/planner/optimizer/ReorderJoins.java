package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.stats.SizeEstimator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
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

    /** A join tree and its estimated rows. */
    private record Built(ResolvedPlan tree, double rows) {
    }

    private static ResolvedPlan build(List<ResolvedPlan> items, List<ResolvedExpression> conditions,
                                      List<AttributeReference> originalOutput) {
        int n = items.size();
        List<Set<Long>> itemIds = items.stream().map(Plans::outputIds).toList();
        double[] rows = new double[n];
        for (int i = 0; i < n; i++) {
            // the input's own conditions as one AND, folded, as they will be once pushed down: a range's two
            // bounds intersect and {@code date + interval} is a literal (Q10's quarter of orders); a condition
            // across inputs (a1 AND b1) OR (a2 AND b2) implies a1 OR a2 on a's input (what
            // PushExtraPredicateThroughJoin adds later): Q7's nations are two of 25, not all
            List<ResolvedExpression> own = new ArrayList<>();
            for (ResolvedExpression c : conditions) {
                Set<Long> refs = Expressions.references(c).keySet();
                if (refs.isEmpty()) {
                    continue;
                }
                if (itemIds.get(i).containsAll(refs)) {
                    own.add(c);
                } else if (Expressions.anyMatch(c, e -> e instanceof OrExpression)) {
                    ResolvedExpression implied = PushExtraPredicateThroughJoin.within(c, itemIds.get(i));
                    if (implied != null) {
                        own.add(implied);
                    }
                }
            }
            rows[i] = SizeEstimator.rows(items.get(i));
            if (!own.isEmpty()) {
                rows[i] *= SizeEstimator.selectivity(ConstantFolding.fold(Expressions.and(own)),
                        SizeEstimator.ranges(items.get(i)));
            }
        }
        return build(items, rows, conditions, originalOutput, true).tree();
    }

    /**
     * Greedy left-deep order from the largest input. With {@code bushy}, first each group of the other inputs that
     * equalities connect among themselves without the largest one (Q3's orders and customer, Q7's orders, customer
     * and nation) is joined on its own when that is estimated to keep at most {@value #BUSHY_REDUCTION} of its
     * largest input's rows: the stream then meets one small (often broadcast) input instead of shuffling the whole
     * largest one first.
     */
    private static Built build(List<ResolvedPlan> items, double[] rows, List<ResolvedExpression> conditions,
                               List<AttributeReference> originalOutput, boolean bushy) {
        int n = items.size();
        List<Set<Long>> itemIds = items.stream().map(Plans::outputIds).toList();
        Map<Long, Double> baseRows = new HashMap<>();
        items.forEach(i -> SizeEstimator.collectBaseRows(i, baseRows));
        int start = 0;
        for (int i = 1; i < n; i++) {
            if (rows[i] > rows[start]) {
                start = i;
            }
        }
        if (bushy && n >= 3) {
            Built regrouped = joinComponentsFirst(items, rows, conditions, originalOutput, itemIds, baseRows, start);
            if (regrouped != null) {
                return regrouped;
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
        return new Built(before.equals(after) ? tree : new ProjectNode(tree, new ArrayList<>(originalOutput)),
                joinedRows);
    }

    /** A group of inputs is joined on its own when that keeps at most this share of its largest input's rows. */
    static final double BUSHY_REDUCTION = 0.5;

    /**
     * The inputs other than {@code start} split into groups connected by equalities among themselves; each group of
     * two or more whose own join is estimated to reduce enough becomes one input, and the whole is ordered again
     * (left-deep). Null when no group qualifies.
     */
    private static Built joinComponentsFirst(List<ResolvedPlan> items, double[] rows,
                                             List<ResolvedExpression> conditions,
                                             List<AttributeReference> originalOutput, List<Set<Long>> itemIds,
                                             Map<Long, Double> baseRows, int start) {
        int n = items.size();
        int[] group = new int[n];
        Arrays.fill(group, -1);
        int groups = 0;
        for (int seed = 0; seed < n; seed++) {
            if (seed == start || group[seed] >= 0) {
                continue;
            }
            group[seed] = groups;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(seed));
            while (!queue.isEmpty()) {
                int a = queue.poll();
                for (int b = 0; b < n; b++) {
                    if (b != start && group[b] < 0
                            && connectedRows(conditions, itemIds.get(a), itemIds.get(b), 1, 1, baseRows) >= 0) {
                        group[b] = groups;
                        queue.add(b);
                    }
                }
            }
            groups++;
        }
        List<ResolvedPlan> newItems = new ArrayList<>();
        List<Double> newRows = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>(conditions);
        boolean regrouped = false;
        newItems.add(items.get(start));
        newRows.add(rows[start]);
        for (int g = 0; g < groups; g++) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (group[i] == g) {
                    members.add(i);
                }
            }
            if (members.size() >= 2) {
                Set<Long> ids = new HashSet<>();
                List<ResolvedPlan> memberItems = new ArrayList<>();
                List<AttributeReference> output = new ArrayList<>();
                double[] memberRows = new double[members.size()];
                double largest = 0;
                for (int m = 0; m < members.size(); m++) {
                    int i = members.get(m);
                    ids.addAll(itemIds.get(i));
                    memberItems.add(items.get(i));
                    output.addAll(items.get(i).output());
                    memberRows[m] = rows[i];
                    largest = Math.max(largest, rows[i]);
                }
                List<ResolvedExpression> inner = new ArrayList<>();
                for (ResolvedExpression c : remaining) {
                    Set<Long> refs = Expressions.references(c).keySet();
                    if (!refs.isEmpty() && ids.containsAll(refs)) {
                        inner.add(c);
                    }
                }
                Built composite = build(memberItems, memberRows, inner, output, true);
                if (composite.rows() <= largest * BUSHY_REDUCTION) {
                    remaining.removeAll(inner);
                    newItems.add(composite.tree());
                    newRows.add(composite.rows());
                    regrouped = true;
                    continue;
                }
            }
            for (int i : members) {
                newItems.add(items.get(i));
                newRows.add(rows[i]);
            }
        }
        if (!regrouped) {
            return null;
        }
        return build(newItems, newRows.stream().mapToDouble(Double::doubleValue).toArray(), remaining,
                originalOutput, false);
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
