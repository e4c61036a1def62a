package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.FreshIds;
import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LocalRelationNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.stats.SizeEstimator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Semi-join reduction of an aggregate (magic sets): when a grouped aggregate (under projections and filters) is
 * joined on equalities of its grouping keys with a small, filtered other side, the aggregate's input is first
 * LEFT SEMI joined with those keys of the other side, so only the groups the join can keep are computed. Correct
 * because a group whose key the other side lacks is dropped by the join anyway (or, on the right of a semi / anti
 * join or on the null-supplied side of an outer join, matches nothing), and a surviving group keeps all its rows.
 * TPC-H Q2, Q17 and Q20: the decorrelated subqueries aggregated all of partsupp / lineitem before meeting a few
 * thousand parts.
 * <p>
 * Where it fires: an {@code =} conjunct (never {@code <=>}: the semi join drops null keys) between a column of the
 * other side and a grouping column of the aggregate, for an inner join (either side), a LEFT SEMI join (either
 * side), the right of LEFT OUTER / LEFT ANTI and the left of RIGHT OUTER; never for a global aggregate, the
 * preserved side of an outer join, the left of an anti join, FULL OUTER, or when the condition, the aggregate's
 * subtree or the key source holds a non-deterministic expression or typed user code.
 * <p>
 * The key set: the other side itself, or — where cheaper — a part of it that holds a superset of its key values:
 * through filters, projections passing the column on, grouping keys of aggregates, the side of a join the column
 * comes from and, across an inner or semi join's {@code a = b}, the other input's {@code b} (Q20's partsupp rows are
 * {@code ps_partkey IN (forest parts)}, so the forest parts are the set for {@code l_partkey}). A candidate must hold
 * a filter or a semi join, be estimated ({@link SizeEstimator}) at no more than half the rows of its keys' table and
 * at fewer rows than the aggregate's groups, read fewer rows at its scans than the aggregate's input does (it is
 * computed a second time) and fit the broadcast threshold; of those the one with the least estimated work wins: the rows its scans read plus the
 * aggregate input rows kept (input × candidate rows / groups). The semi join is marked for broadcast and placed as
 * deep in the aggregate's input as the grouping columns go (through projections passing them on, the join input
 * they come from, inner aggregates grouped by them), so the big scan is filtered in its own stage before the joins,
 * the partial aggregation and the shuffle. Its build side is a copy of the key source with fresh ids (computed a
 * second time), pruned to the keys. Off when the broadcast threshold is &lt;= 0 (a shuffled semi join would move the
 * whole input).
 */
public final class ReduceAggregateInputBySemiJoin implements OptimizerRule {
    /** A key source must keep at most this fraction of its keys' table (estimated) to count as selective. */
    static final double SELECTIVE_FRACTION = 0.5;

    private final long broadcastThreshold;

    public ReduceAggregateInputBySemiJoin(long autoBroadcastJoinThreshold) {
        this.broadcastThreshold = autoBroadcastJoinThreshold;
    }

    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (broadcastThreshold <= 0) {
            return plan;
        }
        ExprIdGenerator ids = new ExprIdGenerator(Plans.maxExpressionId(plan) + 1);
        return Plans.transformDown(plan, node -> node instanceof JoinNode j ? reduce(j, ids) : node);
    }

    /** The aggregate under an input of the join, and its grouping columns by the ids the join sees them as. */
    private record AggregateSide(AggregateNode aggregate, Map<Long, AttributeReference> groupingByOutput) {
    }

    /** A plan whose output holds, for each grouping column id, a column with a superset of the key's values. */
    private record KeySource(ResolvedPlan plan, Map<Long, AttributeReference> keys) {
    }

    private ResolvedPlan reduce(JoinNode j, ExprIdGenerator ids) {
        if (j.condition() == null || !Expressions.deterministic(j.condition())
                || Expressions.containsSubquery(j.condition())) {
            return j;
        }
        for (boolean aggregateOnLeft : new boolean[] {true, false}) {
            if (!groupsMayBeDropped(j.joinType(), aggregateOnLeft)) {
                continue;
            }
            ResolvedPlan joinInput = aggregateOnLeft ? j.left() : j.right();
            ResolvedPlan other = aggregateOnLeft ? j.right() : j.left();
            AggregateSide side = aggregateSide(joinInput);
            if (side == null || !deterministic(side.aggregate())) {
                continue;
            }
            Map<Long, AttributeReference> keys = joinKeys(j.condition(), side, Plans.outputIds(other));
            if (keys.isEmpty()) {
                continue;
            }
            KeySource best = cheapest(other, keys, side.aggregate());
            if (best == null) {
                continue;
            }
            ResolvedPlan reduced = withAggregateInput(joinInput, side.aggregate(),
                    place(side.aggregate().child(), best, ids));
            return aggregateOnLeft
                    ? new JoinNode(reduced, j.right(), j.joinType(), j.condition(), j.hint())
                    : new JoinNode(j.left(), reduced, j.joinType(), j.condition(), j.hint());
        }
        return j;
    }

    /** Whether the join drops (or ignores) the aggregate's groups that match no row of the other side. */
    private static boolean groupsMayBeDropped(JoinType type, boolean aggregateOnLeft) {
        return switch (type) {
            case INNER, CROSS, LEFT_SEMI -> true;
            case LEFT_OUTER, LEFT_ANTI -> !aggregateOnLeft;
            case RIGHT_OUTER -> aggregateOnLeft;
            default -> false;
        };
    }

    /**
     * The grouped aggregate at the root of {@code plan} or under deterministic projections and filters, with its
     * grouping columns (attributes among the grouping expressions) by the output id they reach the top with; null
     * when there is none or no grouping column reaches the top.
     */
    private static AggregateSide aggregateSide(ResolvedPlan plan) {
        switch (plan) {
            case AggregateNode a when !a.groupingExpressions().isEmpty() -> {
                Map<Long, AttributeReference> grouping = new LinkedHashMap<>();
                for (NamedExpression e : a.aggregateExpressions()) {
                    AttributeReference g = groupingColumn(a, Expressions.stripAlias(e));
                    if (g != null) {
                        grouping.put(e.id(), g);
                    }
                }
                return grouping.isEmpty() ? null : new AggregateSide(a, grouping);
            }
            case ProjectNode p when p.projectList().stream().allMatch(Expressions::deterministic) -> {
                AggregateSide below = aggregateSide(p.child());
                if (below == null) {
                    return null;
                }
                Map<Long, AttributeReference> grouping = new LinkedHashMap<>();
                for (NamedExpression e : p.projectList()) {
                    if (Expressions.stripAlias(e) instanceof AttributeReference a
                            && below.groupingByOutput().containsKey(a.id())) {
                        grouping.put(e.id(), below.groupingByOutput().get(a.id()));
                    }
                }
                return grouping.isEmpty() ? null : new AggregateSide(below.aggregate(), grouping);
            }
            case FilterNode f when Expressions.deterministic(f.condition())
                    && !Expressions.containsSubquery(f.condition()) -> {
                return aggregateSide(f.child());
            }
            default -> {
                return null;
            }
        }
    }

    /** {@code e} as one of the aggregate's grouping columns (an attribute it groups by), else null. */
    private static AttributeReference groupingColumn(AggregateNode a, ResolvedExpression e) {
        if (!(e instanceof AttributeReference r)) {
            return null;
        }
        for (ResolvedExpression g : a.groupingExpressions()) {
            if (g instanceof AttributeReference ga && ga.id() == r.id()) {
                return ga;
            }
        }
        return null;
    }

    /** Grouping column id → the other side's column it must equal ({@code =} conjuncts of the condition). */
    private static Map<Long, AttributeReference> joinKeys(ResolvedExpression condition, AggregateSide side,
                                                          Set<Long> otherIds) {
        Map<Long, AttributeReference> keys = new LinkedHashMap<>();
        for (ResolvedExpression c : Expressions.conjuncts(condition)) {
            if (!(c instanceof ComparisonExpression eq) || eq.op() != CompareOp.EQUAL
                    || !(eq.left() instanceof AttributeReference l) || !(eq.right() instanceof AttributeReference r)) {
                continue;
            }
            AttributeReference grouping = side.groupingByOutput().get(l.id());
            AttributeReference other = r;
            if (grouping == null || !otherIds.contains(r.id())) {
                grouping = side.groupingByOutput().get(r.id());
                other = l;
            }
            if (grouping != null && otherIds.contains(other.id()) && grouping.dataType().equals(other.dataType())) {
                keys.putIfAbsent(grouping.id(), other);
            }
        }
        return keys;
    }

    /** The key source with the least estimated work that is selective enough, or null when none is. */
    private KeySource cheapest(ResolvedPlan other, Map<Long, AttributeReference> keys, AggregateNode aggregate) {
        List<KeySource> sources = new ArrayList<>();
        collectSources(other, keys, sources);
        double groups = SizeEstimator.rows(aggregate);
        double input = SizeEstimator.rows(aggregate.child());
        double inputScans = scannedRows(aggregate.child());
        KeySource best = null;
        double bestWork = Double.POSITIVE_INFINITY;
        for (KeySource s : sources) {
            double rows = SizeEstimator.rows(s.plan());
            double bytes = rows * SizeEstimator.rowWidth(distinct(s.keys()));
            if (!(rows < groups) || bytes > broadcastThreshold || !selective(s) || !deterministic(s.plan())) {
                continue;
            }
            double scans = scannedRows(s.plan());
            if (scans >= inputScans) {
                continue;
            }
            double work = scans + input * Math.min(1, rows / groups);
            if (work < bestWork) {
                best = s;
                bestWork = work;
            }
        }
        return best;
    }

    /**
     * Every plan within {@code plan} (itself first, then its inputs depth-first) whose output holds a superset of the
     * values {@code keys} take in {@code plan}'s output, with those keys' columns there.
     */
    private static void collectSources(ResolvedPlan plan, Map<Long, AttributeReference> keys, List<KeySource> out) {
        if (keys.isEmpty()) {
            return;
        }
        out.add(new KeySource(plan, keys));
        switch (plan) {
            case FilterNode f -> collectSources(f.child(), keys, out);
            case SortNode s -> collectSources(s.child(), keys, out);
            case DistinctNode d -> collectSources(d.child(), keys, out);
            case ProjectNode p -> {
                Map<Long, AttributeReference> below = new LinkedHashMap<>();
                keys.forEach((g, column) -> {
                    for (NamedExpression e : p.projectList()) {
                        if (e.id() == column.id() && Expressions.stripAlias(e) instanceof AttributeReference a) {
                            below.put(g, a);
                        }
                    }
                });
                collectSources(p.child(), below, out);
            }
            case AggregateNode a -> {
                Map<Long, AttributeReference> below = new LinkedHashMap<>();
                keys.forEach((g, column) -> {
                    for (NamedExpression e : a.aggregateExpressions()) {
                        AttributeReference grouping = e.id() == column.id()
                                ? groupingColumn(a, Expressions.stripAlias(e)) : null;
                        if (grouping != null) {
                            below.put(g, grouping);
                        }
                    }
                });
                collectSources(a.child(), below, out);
            }
            case JoinNode j -> {
                Set<Long> leftIds = Plans.outputIds(j.left());
                Set<Long> rightIds = Plans.outputIds(j.right());
                Map<Long, AttributeReference> left = new LinkedHashMap<>();
                Map<Long, AttributeReference> right = new LinkedHashMap<>();
                keys.forEach((g, column) -> {
                    if (leftIds.contains(column.id())) {
                        left.put(g, column);
                    } else if (rightIds.contains(column.id())) {
                        right.put(g, column);
                    }
                });
                boolean matchedRows = j.joinType() == JoinType.INNER || j.joinType() == JoinType.CROSS
                        || j.joinType() == JoinType.LEFT_SEMI;
                if (matchedRows && j.condition() != null) {
                    across(j.condition(), left, leftIds, rightIds, right);
                    across(j.condition(), right, rightIds, leftIds, left);
                }
                collectSources(j.left(), left, out);
                collectSources(j.right(), right, out);
            }
            default -> {
            }
        }
    }

    /**
     * Adds to {@code to} the keys of {@code from} that an {@code a = b} conjunct equates with a column of the other
     * input (every row of an inner or semi join satisfies it, so that column holds every value of the key).
     */
    private static void across(ResolvedExpression condition, Map<Long, AttributeReference> from, Set<Long> fromIds,
                               Set<Long> toIds, Map<Long, AttributeReference> to) {
        for (ResolvedExpression c : Expressions.conjuncts(condition)) {
            if (!(c instanceof ComparisonExpression eq) || eq.op() != CompareOp.EQUAL
                    || !(eq.left() instanceof AttributeReference l) || !(eq.right() instanceof AttributeReference r)
                    || !l.dataType().equals(r.dataType())) {
                continue;
            }
            AttributeReference mine = fromIds.contains(l.id()) && toIds.contains(r.id()) ? l
                    : fromIds.contains(r.id()) && toIds.contains(l.id()) ? r : null;
            if (mine == null) {
                continue;
            }
            AttributeReference theirs = mine == l ? r : l;
            from.forEach((g, column) -> {
                if (column.id() == mine.id()) {
                    to.putIfAbsent(g, theirs);
                }
            });
        }
    }

    /**
     * Whether the source filters its keys: a filter or a semi join somewhere in it, and at most {@link
     * #SELECTIVE_FRACTION} of the rows of the keys' tables estimated to remain (the largest table when there are
     * several; a key from no table counts as filtered).
     */
    private static boolean selective(KeySource s) {
        if (!Plans.anyMatch(s.plan(), n -> n instanceof FilterNode
                || n instanceof JoinNode j && j.joinType() == JoinType.LEFT_SEMI)) {
            return false;
        }
        Map<Long, Double> baseRows = new HashMap<>();
        SizeEstimator.collectBaseRows(s.plan(), baseRows);
        double table = 0;
        for (AttributeReference key : s.keys().values()) {
            table = Math.max(table, baseRows.getOrDefault(key.id(), Double.POSITIVE_INFINITY));
        }
        return SizeEstimator.rows(s.plan()) <= SELECTIVE_FRACTION * table;
    }

    /** No non-deterministic expression, no subquery and no typed user code anywhere in the plan. */
    private static boolean deterministic(ResolvedPlan plan) {
        return !Plans.anyMatch(plan, n -> n instanceof MapPartitionsNode)
                && !Plans.anyExpression(plan, e -> !Expressions.deterministic(e) || Expressions.containsSubquery(e));
    }

    /** The rows the plan's leaves read: what computing it a second time costs. */
    private static double scannedRows(ResolvedPlan plan) {
        double[] rows = {0};
        Plans.forEach(plan, n -> {
            if (n instanceof ScanNode || n instanceof LocalRelationNode) {
                rows[0] += SizeEstimator.rows(n);
            }
        });
        return rows[0];
    }

    private static List<AttributeReference> distinct(Map<Long, AttributeReference> keys) {
        Map<Long, AttributeReference> byId = new LinkedHashMap<>();
        keys.values().forEach(a -> byId.putIfAbsent(a.id(), a));
        return List.copyOf(byId.values());
    }

    /** {@code plan} (the join's input holding the aggregate) with the aggregate reading {@code input}. */
    private static ResolvedPlan withAggregateInput(ResolvedPlan plan, AggregateNode aggregate, ResolvedPlan input) {
        if (plan == aggregate) {
            return aggregate.withChildren(List.of(input));
        }
        return plan.withChildren(List.of(withAggregateInput(plan.children().get(0), aggregate, input)));
    }

    /** The aggregate's input with the semi join against the key source placed as deep as the grouping keys go. */
    private static ResolvedPlan place(ResolvedPlan input, KeySource source, ExprIdGenerator ids) {
        List<AttributeReference> columns = distinct(source.keys());
        ResolvedPlan build = FreshIds.copy(new ProjectNode(source.plan(), new ArrayList<NamedExpression>(columns)),
                ids::next);
        build = new RemoveNoopProjects().apply(new CombineProjects().apply(new ColumnPruning().apply(build)));
        Map<Long, AttributeReference> fresh = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            fresh.put(columns.get(i).id(), build.output().get(i));
        }
        List<ResolvedExpression> equalities = new ArrayList<>();
        Map<Long, AttributeReference> grouping = new LinkedHashMap<>();
        for (AttributeReference g : input.output()) {
            AttributeReference column = source.keys().get(g.id());
            if (column != null) {
                grouping.put(g.id(), g);
                equalities.add(new ComparisonExpression(CompareOp.EQUAL, g, fresh.get(column.id())));
            }
        }
        return semiJoinAt(input, build, Expressions.and(equalities), grouping.keySet());
    }

    /** {@code plan} with {@code plan ⋉ build} at the deepest input that still produces every grouping key. */
    private static ResolvedPlan semiJoinAt(ResolvedPlan plan, ResolvedPlan build, ResolvedExpression condition,
                                           Set<Long> keys) {
        ResolvedPlan child = deeper(plan, keys);
        if (child == null) {
            return new JoinNode(plan, build, JoinType.LEFT_SEMI, condition, new JoinHint(false, true));
        }
        ResolvedPlan placed = semiJoinAt(child, build, condition, keys);
        List<ResolvedPlan> children = new ArrayList<>(plan.children());
        children.set(children.indexOf(child), placed);
        return plan.withChildren(children);
    }

    /** The input of {@code plan} the semi join can move into (all keys pass through it unchanged), else null. */
    private static ResolvedPlan deeper(ResolvedPlan plan, Set<Long> keys) {
        return switch (plan) {
            case ProjectNode p -> passes(p.projectList(), keys) ? p.child() : null;
            case AggregateNode a -> keys.stream().allMatch(k -> a.groupingExpressions().stream()
                    .anyMatch(g -> g instanceof AttributeReference r && r.id() == k))
                    && passes(a.aggregateExpressions(), keys) ? a.child() : null;
            case JoinNode j -> {
                boolean left = Plans.outputIds(j.left()).containsAll(keys);
                boolean right = Plans.outputIds(j.right()).containsAll(keys);
                yield switch (j.joinType()) {
                    case INNER, CROSS -> left ? j.left() : right ? j.right() : null;
                    case LEFT_OUTER, LEFT_SEMI, LEFT_ANTI -> left ? j.left() : null;
                    case RIGHT_OUTER -> right ? j.right() : null;
                    default -> null;
                };
            }
            default -> null;
        };
    }

    /** Whether every key is passed on as itself by the list. */
    private static boolean passes(List<NamedExpression> list, Set<Long> keys) {
        return keys.stream().allMatch(k -> list.stream().anyMatch(e -> e instanceof AttributeReference a && a.id() == k));
    }
}
