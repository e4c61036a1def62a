package io.updraft.planner.physical;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.Operator;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.LocalRelationNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.LocalLimitNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.RepartitionNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.planner.resolved.plan.WindowNode;
import io.updraft.planner.stats.SizeEstimator;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Turns an optimized plan into physical operators, inserting an exchange wherever an operator needs its input
 * distributed differently (Spark's EnsureRequirements):
 * <ul>
 *   <li>aggregation: partial aggregation per task, a hash exchange on the grouping keys (a gather without keys),
 *   final aggregation; one complete aggregation when the input is already partitioned on (a subset of) the keys;</li>
 *   <li>joins: a broadcast exchange of the side the optimizer marked (broadcast hash join, or broadcast nested
 *   loop join without equi-keys), else both sides hash-partitioned on their keys into the same partition count
 *   (shuffled hash join); a FULL OUTER join without keys gathers both sides;</li>
 *   <li>windows: a hash exchange on the PARTITION BY keys (a gather without);</li>
 *   <li>global sort: a gather when the input is estimated at most {@code singlePartitionSortBytes}, else a range
 *   exchange; ORDER BY + LIMIT: per-task top-N, gather, top-N; LIMIT: per-task limit, gather, limit;</li>
 *   <li>union: every child in the same number of partitions (round robin when needed);</li>
 *   <li>repartition / coalesce: the requested exchange.</li>
 * </ul>
 * Thread-safe; one id generator per call.
 */
public final class PhysicalPlanner {
    private final PlannerConfig config;

    public PhysicalPlanner() {
        this(PlannerConfig.DEFAULT);
    }

    public PhysicalPlanner(PlannerConfig config) {
        this.config = Objects.requireNonNull(config, "config is null");
    }

    public PhysicalPlan plan(ResolvedPlan optimized) {
        Run run = new Run(new ExprIdGenerator(Plans.maxExpressionId(optimized) + 1), config, new OperatorBuilder());
        return run.b().plan(run.plan(optimized));
    }

    private record Run(ExprIdGenerator ids, PlannerConfig config, OperatorBuilder b) {

        Operator plan(ResolvedPlan node) {
            return switch (node) {
                case ScanNode s -> b.scan(s.source(), s.relationName(), s.output(), s.pushedFilters());
                case SubqueryAliasNode a -> plan(a.child());
                case BroadcastHintNode h -> plan(h.child());
                case FilterNode f -> b.filter(plan(f.child()), f.condition());
                case ProjectNode p -> b.project(plan(p.child()), p.projectList());
                case AggregateNode a -> aggregate(a);
                case SortNode s -> sort(s);
                case LimitNode l -> limit(l);
                case LocalLimitNode l -> b.limit(plan(l.child()), l.limit(), 0, false);
                case JoinNode j -> join(j);
                case UnionNode u -> union(u);
                case WindowNode w -> window(w);
                case ExpandNode e -> b.expand(plan(e.child()), e.projections(), e.output());
                case RepartitionNode r -> repartition(r);
                case MapPartitionsNode m -> b.mapPartitions(plan(m.child()), m.output(), m.function(), m.description());
                case LocalRelationNode r -> b.localRelation(r.output(), r.arrowIpcBase64());
                case GenerateNode g -> b.generate(plan(g.child()), g);
                default -> throw new IllegalStateException("the optimizer should have replaced "
                        + node.getClass().getSimpleName());
            };
        }

        /** The partition count of an exchange over {@code input} (its estimated size, {@link PlannerConfig#shufflePartitionsFor}). */
        private int shufflePartitions(ResolvedPlan input) {
            return config.shufflePartitionsFor(SizeEstimator.estimate(input).bytes());
        }

        /** Whether the input already has every row of a key group in one task. */
        private static boolean clustered(PhysicalPartitioning partitioning, List<ResolvedExpression> keys) {
            for (PhysicalPartitioning p : partitioning.alternatives()) {
                if (p instanceof PhysicalPartitioning.Single) {
                    return true;
                }
                if (p instanceof PhysicalPartitioning.Hash h && !h.keys().isEmpty() && h.keys().stream()
                        .allMatch(k -> keys.stream().anyMatch(x -> Expressions.semanticEquals(x, k)))) {
                    return true;
                }
            }
            return false;
        }

        private static boolean hashedOn(PhysicalPartitioning partitioning, List<ResolvedExpression> keys,
                                        int partitions) {
            for (PhysicalPartitioning p : partitioning.alternatives()) {
                if (p instanceof PhysicalPartitioning.Hash h && h.partitions() == partitions
                        && h.keys().size() == keys.size() && sameExpressions(h.keys(), keys)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean sameExpressions(List<ResolvedExpression> a, List<ResolvedExpression> b) {
            for (int i = 0; i < a.size(); i++) {
                if (!Expressions.semanticEquals(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }

        private Operator ensureSingle(Operator child) {
            return b.partitioning(child) instanceof PhysicalPartitioning.Single ? child : b.gather(child);
        }

        private Operator ensureHash(Operator child, List<ResolvedExpression> keys, int partitions) {
            return hashedOn(b.partitioning(child), keys, partitions) ? child
                    : b.exchange(child, new PhysicalPartitioning.Hash(keys, partitions), false);
        }

        private Operator sort(SortNode s) {
            Operator child = plan(s.child());
            if (!s.global()) {
                return b.sort(child, s.order(), false);
            }
            if (b.partitioning(child) instanceof PhysicalPartitioning.Single) {
                return b.sort(child, s.order());
            }
            if (b.partitioning(child).alternatives().stream().anyMatch(p -> p instanceof PhysicalPartitioning.Range r
                    && r.order().equals(s.order()))) {
                return b.sort(child, s.order());
            }
            double bytes = SizeEstimator.estimate(s.child()).bytes();
            int partitions = config.shufflePartitionsFor(bytes);
            if (bytes <= config.singlePartitionSortBytes() || partitions == 1) {
                return b.sort(b.gather(child), s.order());
            }
            return b.sort(b.exchange(child, new PhysicalPartitioning.Range(s.order(), partitions),
                    false), s.order());
        }

        private Operator limit(LimitNode l) {
            if (l.child() instanceof ProjectNode p && p.child() instanceof SortNode s && s.global()) {
                // Limit(Project(Sort)) = Project(Limit(Sort)): plan it as a top-N under the projection.
                return b.project(limit(new LimitNode(p.child(), l.limit(), l.offset())), p.projectList());
            }
            long perTask = l.limit() > Long.MAX_VALUE - l.offset() ? Long.MAX_VALUE : l.limit() + l.offset();
            if (l.child() instanceof SortNode s && s.global()) {
                Operator input = plan(s.child());
                Operator gathered = b.partitioning(input) instanceof PhysicalPartitioning.Single ? input
                        : b.gather(b.topN(input, s.order(), perTask, false));
                Operator topN = b.topN(gathered, s.order(), perTask, true);
                return l.offset() > 0 ? b.limit(topN, l.limit(), l.offset(), true) : topN;
            }
            Operator child = plan(l.child());
            if (b.partitioning(child) instanceof PhysicalPartitioning.Single) {
                return b.limit(child, l.limit(), l.offset(), true);
            }
            return b.limit(b.gather(b.limit(child, perTask, 0, false)), l.limit(), l.offset(),
                    true);
        }

        private Operator repartition(RepartitionNode r) {
            Operator child = plan(r.child());
            int n = r.numPartitions() > 0 ? r.numPartitions() : shufflePartitions(r.child());
            List<ResolvedExpression> keys = r.keys().stream().map(SortOrder::child).toList();
            PhysicalPartitioning target = switch (r.kind()) {
                case ROUND_ROBIN, COALESCE -> n == 1 ? PhysicalPartitioning.SINGLE : new PhysicalPartitioning.RoundRobin(n);
                case HASH -> new PhysicalPartitioning.Hash(keys, n);
                case RANGE -> n == 1 ? PhysicalPartitioning.SINGLE : new PhysicalPartitioning.Range(r.keys(), n);
            };
            if (r.kind() == RepartitionNode.Kind.COALESCE && b.partitioning(child).partitionCount() > 0
                    && b.partitioning(child).partitionCount() <= n) {
                return child;
            }
            return b.exchange(child, target, false);
        }

        private Operator union(UnionNode u) {
            List<Operator> children = u.children().stream().map(this::plan).toList();
            boolean allSingle = children.stream().allMatch(c -> b.partitioning(c) instanceof PhysicalPartitioning.Single);
            if (allSingle) {
                return b.union(children, PhysicalPartitioning.SINGLE);
            }
            int first = b.partitioning(children.get(0)).partitionCount();
            boolean same = first > 0 && children.stream().allMatch(c -> b.partitioning(c).partitionCount() == first
                    && !(b.partitioning(c) instanceof PhysicalPartitioning.Single));
            int n = same ? first : shufflePartitions(u);
            List<Operator> aligned = new ArrayList<>();
            for (Operator c : children) {
                aligned.add(b.partitioning(c).partitionCount() == n && !(b.partitioning(c) instanceof PhysicalPartitioning.Single)
                        ? c : b.exchange(c, new PhysicalPartitioning.RoundRobin(n), false));
            }
            return b.union(aligned, new PhysicalPartitioning.RoundRobin(n));
        }

        /**
         * A union under an aggregation grouped by union columns: each child is hash-partitioned on its columns at
         * those positions, so the union is already partitioned for the aggregation (no partial step, one shuffle).
         */
        private Operator unionForAggregate(UnionNode u, AggregateNode a) {
            List<AttributeReference> output = u.output();
            List<Integer> positions = new ArrayList<>();
            for (ResolvedExpression g : a.groupingExpressions()) {
                int position = -1;
                for (int i = 0; i < output.size(); i++) {
                    if (g instanceof AttributeReference attr && attr.id() == output.get(i).id()) {
                        position = i;
                    }
                }
                if (position < 0) {
                    return union(u);
                }
                positions.add(position);
            }
            if (positions.isEmpty()) {
                return union(u);
            }
            int n = shufflePartitions(u);
            List<Operator> children = new ArrayList<>();
            for (ResolvedPlan c : u.children()) {
                Operator child = plan(c);
                List<ResolvedExpression> keys = positions.stream().map(p -> (ResolvedExpression) b.output(child).get(p))
                        .toList();
                children.add(ensureHash(child, keys, n));
            }
            List<ResolvedExpression> keys = positions.stream().map(p -> (ResolvedExpression) output.get(p)).toList();
            return b.union(children, new PhysicalPartitioning.Hash(keys, n));
        }

        private Operator window(WindowNode w) {
            Operator child = plan(w.child());
            if (w.partitionSpec().isEmpty()) {
                child = ensureSingle(child);
            } else if (!clustered(b.partitioning(child), w.partitionSpec())) {
                child = b.exchange(child, new PhysicalPartitioning.Hash(w.partitionSpec(), shufflePartitions(w.child())),
                        false);
            }
            return b.window(child, w.windowExpressions(), w.partitionSpec(), w.orderSpec());
        }

        // ---- joins ----

        private record EquiKeys(List<ResolvedExpression> left, List<ResolvedExpression> right, List<Boolean> nullSafe,
                                List<ResolvedExpression> residual) {
        }

        private static EquiKeys equiKeys(JoinNode j) {
            Set<Long> leftIds = new HashSet<>();
            j.left().output().forEach(a -> leftIds.add(a.id()));
            Set<Long> rightIds = new HashSet<>();
            j.right().output().forEach(a -> rightIds.add(a.id()));
            EquiKeys keys = new EquiKeys(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            if (j.condition() == null) {
                return keys;
            }
            for (ResolvedExpression c : Expressions.conjuncts(j.condition())) {
                if (c instanceof ComparisonExpression eq
                        && (eq.op() == CompareOp.EQUAL || eq.op() == CompareOp.EQUAL_NULL_SAFE)
                        && eq.left().dataType().equals(eq.right().dataType())) {
                    Set<Long> l = Expressions.references(eq.left()).keySet();
                    Set<Long> r = Expressions.references(eq.right()).keySet();
                    if (!l.isEmpty() && !r.isEmpty() && leftIds.containsAll(l) && rightIds.containsAll(r)) {
                        keys.left().add(eq.left());
                        keys.right().add(eq.right());
                        keys.nullSafe().add(eq.op() == CompareOp.EQUAL_NULL_SAFE);
                        continue;
                    }
                    if (!l.isEmpty() && !r.isEmpty() && rightIds.containsAll(l) && leftIds.containsAll(r)) {
                        keys.left().add(eq.right());
                        keys.right().add(eq.left());
                        keys.nullSafe().add(eq.op() == CompareOp.EQUAL_NULL_SAFE);
                        continue;
                    }
                }
                keys.residual().add(c);
            }
            return keys;
        }

        private static boolean canBuildLeft(JoinType type) {
            return type == JoinType.INNER || type == JoinType.CROSS || type == JoinType.RIGHT_OUTER;
        }

        private static boolean canBuildRight(JoinType type) {
            return type != JoinType.RIGHT_OUTER && type != JoinType.FULL_OUTER;
        }

        private Operator join(JoinNode j) {
            EquiKeys keys = equiKeys(j);
            Operator left = plan(j.left());
            Operator right = plan(j.right());
            JoinType type = j.joinType();
            if (type == JoinType.INNER && j.condition() == null) {
                type = JoinType.CROSS;
            }
            if (type == JoinType.CROSS && j.condition() != null) {
                type = JoinType.INNER;
            }
            ResolvedExpression residual = keys.residual().isEmpty() ? null : Expressions.and(keys.residual());
            boolean broadcastRight = j.hint().broadcastRight() && canBuildRight(type);
            boolean broadcastLeft = !broadcastRight && j.hint().broadcastLeft() && canBuildLeft(type);
            if (!keys.left().isEmpty()) {
                if (broadcastRight || broadcastLeft) {
                    Operator stream = broadcastRight ? left : right;
                    return b.join(broadcastRight ? left : b.broadcast(left),
                            broadcastRight ? b.broadcast(right) : right, type, keys.left(), keys.right(),
                            keys.nullSafe(), residual, broadcastRight ? BuildSide.RIGHT : BuildSide.LEFT,
                            OperatorBuilder.JoinStrategy.BROADCAST_HASH, b.partitioning(stream));
                }
                int n = hashedOn(b.partitioning(left), keys.left(), b.partitioning(left).partitionCount())
                        ? b.partitioning(left).partitionCount()
                        : hashedOn(b.partitioning(right), keys.right(), b.partitioning(right).partitionCount())
                        ? b.partitioning(right).partitionCount() : -1;
                double leftBytes = SizeEstimator.estimate(j.left()).bytes();
                double rightBytes = SizeEstimator.estimate(j.right()).bytes();
                if (n < 1) {   // sized by the larger side: both are split into the same partitions
                    n = config.shufflePartitionsFor(Math.max(leftBytes, rightBytes));
                }
                // the smaller side is built; for semi, anti and left outer joins (whose matched left rows the engine
                // then marks and outputs after the probe) only when it is under half the right side, since a right
                // build lets a semi or anti probe row stop at its first match
                BuildSide build = switch (type) {
                    case RIGHT_OUTER -> BuildSide.LEFT;
                    case INNER -> leftBytes < rightBytes ? BuildSide.LEFT : BuildSide.RIGHT;
                    case LEFT_SEMI, LEFT_ANTI, LEFT_OUTER -> leftBytes * 2 < rightBytes ? BuildSide.LEFT
                            : BuildSide.RIGHT;
                    default -> BuildSide.RIGHT;
                };
                PhysicalPartitioning out = switch (type) {
                    case RIGHT_OUTER -> new PhysicalPartitioning.Hash(keys.right(), n);
                    case FULL_OUTER -> new PhysicalPartitioning.RoundRobin(n);
                    case INNER -> new PhysicalPartitioning.Collection(List.of(
                            new PhysicalPartitioning.Hash(keys.left(), n), new PhysicalPartitioning.Hash(keys.right(), n)));
                    default -> new PhysicalPartitioning.Hash(keys.left(), n);
                };
                return b.join(ensureHash(left, keys.left(), n), ensureHash(right, keys.right(), n), type,
                        keys.left(), keys.right(), keys.nullSafe(), residual, build, OperatorBuilder.JoinStrategy.SHUFFLED_HASH, out);
            }
            // No equi-keys: a nested loop join with the condition as residual.
            if (type == JoinType.FULL_OUTER) {
                return b.join(ensureSingle(left), ensureSingle(right), type, List.of(), List.of(), List.of(),
                        residual, BuildSide.RIGHT, OperatorBuilder.JoinStrategy.SINGLE_NESTED_LOOP, PhysicalPartitioning.SINGLE);
            }
            if (!broadcastLeft && !broadcastRight) {
                if (canBuildLeft(type) && canBuildRight(type)) {
                    broadcastLeft = SizeEstimator.estimate(j.left()).bytes() < SizeEstimator.estimate(j.right()).bytes();
                    broadcastRight = !broadcastLeft;
                } else {
                    broadcastRight = canBuildRight(type);
                    broadcastLeft = !broadcastRight;
                }
            }
            Operator stream = broadcastRight ? left : right;
            return b.join(broadcastRight ? left : b.broadcast(left),
                    broadcastRight ? b.broadcast(right) : right, type, List.of(), List.of(), List.of(),
                    residual, broadcastRight ? BuildSide.RIGHT : BuildSide.LEFT,
                    OperatorBuilder.JoinStrategy.BROADCAST_NESTED_LOOP, b.partitioning(stream));
        }

        // ---- aggregation ----

        private Operator aggregate(AggregateNode a) {
            Operator child = a.child() instanceof UnionNode u ? unionForAggregate(u, a) : plan(a.child());
            List<NamedExpression> keys = new ArrayList<>();
            for (ResolvedExpression g : a.groupingExpressions()) {
                keys.add(g instanceof AttributeReference attribute ? attribute
                        : new AliasExpression(g, ExpressionPrinter.pretty(g), ids.next()));
            }
            List<AggregateFunctionExpression> functions = new ArrayList<>();
            for (NamedExpression n : a.aggregateExpressions()) {
                Expressions.anyMatch(n, e -> {
                    if (e instanceof AggregateFunctionExpression f
                            && functions.stream().noneMatch(x -> Expressions.semanticEquals(x, f))) {
                        functions.add(f);
                    }
                    return false;
                });
            }
            List<AggregateFunctionExpression> calls = functions.stream().map(Run::withoutFilter).toList();
            List<AttributeReference> results = new ArrayList<>();
            for (AggregateFunctionExpression f : functions) {
                results.add(new AttributeReference(ids.next(), ExpressionPrinter.pretty(f), List.of(), f.dataType(),
                        f.nullable()));
            }
            List<ResolvedExpression> keyExpressions = new ArrayList<>(a.groupingExpressions());
            Operator aggregated;
            boolean complete = keyExpressions.isEmpty()
                    ? b.partitioning(child) instanceof PhysicalPartitioning.Single
                    : clustered(b.partitioning(child), keyExpressions);
            if (complete) {
                aggregated = b.aggregate(child, AggregateMode.COMPLETE, keys, calls, results);
            } else {
                List<AttributeReference> state = new ArrayList<>();
                for (AggregateFunctionExpression f : calls) {
                    String name = ExpressionPrinter.pretty(f);
                    List<DataType> types = OperatorBuilder.stateTypes(f);
                    for (int i = 0; i < types.size(); i++) {
                        state.add(new AttributeReference(ids.next(), name + "#" + i, List.of(), types.get(i), true));
                    }
                }
                Operator partial = b.aggregate(child, AggregateMode.PARTIAL, keys, calls, state);
                List<NamedExpression> keyAttributes = new ArrayList<>();
                keys.forEach(k -> keyAttributes.add(k.toAttribute()));
                Operator exchanged = keys.isEmpty() ? b.gather(partial)
                        : b.exchange(partial, new PhysicalPartitioning.Hash(
                        new ArrayList<>(keyAttributes), shufflePartitions(a)), false);
                aggregated = b.aggregate(exchanged, AggregateMode.FINAL, keyAttributes, calls, results);
            }
            List<NamedExpression> projection = new ArrayList<>();
            for (NamedExpression n : a.aggregateExpressions()) {
                ResolvedExpression rewritten = Expressions.replace(n instanceof AliasExpression al ? al.child() : n, e -> {
                    if (e instanceof AggregateFunctionExpression f) {
                        for (int i = 0; i < functions.size(); i++) {
                            if (Expressions.semanticEquals(functions.get(i), f)) {
                                return results.get(i);
                            }
                        }
                    }
                    for (int i = 0; i < keys.size(); i++) {
                        if (Expressions.semanticEquals(a.groupingExpressions().get(i), e)) {
                            return keys.get(i).toAttribute();
                        }
                    }
                    return null;
                });
                if (rewritten instanceof AttributeReference r && r.id() == n.id()) {
                    projection.add(r);
                } else {
                    projection.add(new AliasExpression(rewritten, n.name(), n.id()));
                }
            }
            return b.project(aggregated, projection);
        }

        /**
         * {@code f(x) FILTER (WHERE c)} as the engine computes it: {@code f(CASE WHEN c THEN x END)}
         * ({@code count(*)} counts {@code CASE WHEN c THEN 1 END}).
         */
        private static AggregateFunctionExpression withoutFilter(AggregateFunctionExpression f) {
            if (f.filter() == null) {
                return f;
            }
            boolean byOrdering = f.function() == AggregateFunction.MAX_BY || f.function() == AggregateFunction.MIN_BY;
            ResolvedExpression value = byOrdering ? f.secondArgument()
                    : f.argument() == null ? ConstantExpression.of(DataTypes.IntegerType, 1) : f.argument();
            ResolvedExpression filtered = new CaseWhenExpression(List.of(f.filter()), List.of(value), null,
                    value.dataType());
            // max_by/min_by skip rows whose ordering is null; the others skip rows whose (first) argument is
            return (byOrdering ? f.withArguments(f.argument(), List.of(filtered))
                    : f.withArguments(filtered, f.moreArguments())).withFilter(null).withDistinct(false);
        }
    }
}
