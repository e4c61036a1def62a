package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.SubqueryExpression;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/** Tree utilities over resolved plans. Stateless. */
public final class Plans {
    private Plans() {
    }

    /** Rebuilds the plan bottom-up, applying {@code rule} to every node after its children. */
    public static ResolvedPlan transformUp(ResolvedPlan plan, Function<ResolvedPlan, ResolvedPlan> rule) {
        ResolvedPlan current = rebuildChildren(plan, child -> transformUp(child, rule));
        return rule.apply(current);
    }

    /** Applies {@code rule} to a node, then recurses into the children of the result. */
    public static ResolvedPlan transformDown(ResolvedPlan plan, Function<ResolvedPlan, ResolvedPlan> rule) {
        ResolvedPlan applied = rule.apply(plan);
        return rebuildChildren(applied, child -> transformDown(child, rule));
    }

    private static ResolvedPlan rebuildChildren(ResolvedPlan plan, Function<ResolvedPlan, ResolvedPlan> f) {
        List<ResolvedPlan> children = plan.children();
        if (children.isEmpty()) {
            return plan;
        }
        List<ResolvedPlan> newChildren = new ArrayList<>(children.size());
        boolean changed = false;
        for (ResolvedPlan child : children) {
            ResolvedPlan newChild = f.apply(child);
            changed |= newChild != child;
            newChildren.add(newChild);
        }
        return changed ? plan.withChildren(newChildren) : plan;
    }

    /** Visits every node, parents before children (not into subquery plans). */
    public static void forEach(ResolvedPlan plan, Consumer<ResolvedPlan> visitor) {
        visitor.accept(plan);
        for (ResolvedPlan child : plan.children()) {
            forEach(child, visitor);
        }
    }

    /** Whether some node of the tree (not looking into subquery plans) matches. */
    public static boolean anyMatch(ResolvedPlan plan, java.util.function.Predicate<ResolvedPlan> predicate) {
        if (predicate.test(plan)) {
            return true;
        }
        for (ResolvedPlan child : plan.children()) {
            if (anyMatch(child, predicate)) {
                return true;
            }
        }
        return false;
    }

    /** The expressions a node itself holds (not its children's). */
    public static List<ResolvedExpression> expressions(ResolvedPlan plan) {
        return switch (plan) {
            case ScanNode s -> List.copyOf(s.pushedFilters());
            case SubqueryAliasNode a -> List.of();
            case ProjectNode p -> List.copyOf(p.projectList());
            case FilterNode f -> List.of(f.condition());
            case AggregateNode a -> {
                List<ResolvedExpression> all = new ArrayList<>(a.groupingExpressions());
                all.addAll(a.aggregateExpressions());
                yield all;
            }
            case SortNode s -> s.order().stream().map(SortOrder::child).toList();
            case LimitNode l -> List.of();
            case LocalLimitNode l -> List.of();
            case JoinNode j -> j.condition() == null ? List.of() : List.of(j.condition());
            case UnionNode u -> List.of();
            case IntersectNode i -> List.of();
            case ExceptNode e -> List.of();
            case DistinctNode d -> List.of();
            case DeduplicateNode d -> List.copyOf(d.keys());
            case WindowNode w -> {
                List<ResolvedExpression> all = new ArrayList<>(w.windowExpressions());
                all.addAll(w.partitionSpec());
                w.orderSpec().forEach(o -> all.add(o.child()));
                yield all;
            }
            case ExpandNode e -> e.projections().stream().flatMap(List::stream).toList();
            case RepartitionNode r -> r.keys().stream().map(SortOrder::child).toList();
            case BroadcastHintNode b -> List.of();
            case MapPartitionsNode m -> List.of();
            case LocalRelationNode r -> List.of();
            case GenerateNode g -> List.of(g.argument());
        };
    }

    /**
     * The node with {@code f} applied to each of its own expressions (named expressions keep their name and
     * id: {@code f} sees the alias' child). Returns the same instance when nothing changed.
     */
    public static ResolvedPlan mapExpressions(ResolvedPlan plan, Function<ResolvedExpression, ResolvedExpression> f) {
        return switch (plan) {
            case ProjectNode p -> {
                List<NamedExpression> list = mapNamed(p.projectList(), f);
                yield list == null ? p : new ProjectNode(p.child(), list);
            }
            case FilterNode fl -> {
                ResolvedExpression c = f.apply(fl.condition());
                yield c == fl.condition() ? fl : new FilterNode(fl.child(), c);
            }
            case AggregateNode a -> {
                List<ResolvedExpression> groupings = mapList(a.groupingExpressions(), f);
                List<NamedExpression> list = mapNamed(a.aggregateExpressions(), f);
                if (groupings == null && list == null) {
                    yield a;
                }
                yield new AggregateNode(a.child(), groupings == null ? a.groupingExpressions() : groupings,
                        list == null ? a.aggregateExpressions() : list);
            }
            case SortNode s -> {
                List<SortOrder> order = mapOrders(s.order(), f);
                yield order == null ? s : new SortNode(s.child(), order, s.global());
            }
            case JoinNode j -> {
                if (j.condition() == null) {
                    yield j;
                }
                ResolvedExpression c = f.apply(j.condition());
                yield c == j.condition() ? j : j.withCondition(c);
            }
            case WindowNode w -> {
                List<NamedExpression> named = mapNamed(new ArrayList<>(w.windowExpressions()), f);
                List<ResolvedExpression> partition = mapList(w.partitionSpec(), f);
                List<SortOrder> order = mapOrders(w.orderSpec(), f);
                if (named == null && partition == null && order == null) {
                    yield w;
                }
                yield new WindowNode(w.child(),
                        named == null ? w.windowExpressions() : named.stream().map(n -> (AliasExpression) n).toList(),
                        partition == null ? w.partitionSpec() : partition, order == null ? w.orderSpec() : order);
            }
            case ExpandNode e -> {
                List<List<ResolvedExpression>> projections = new ArrayList<>();
                boolean changed = false;
                for (List<ResolvedExpression> p : e.projections()) {
                    List<ResolvedExpression> mapped = mapList(p, f);
                    changed |= mapped != null;
                    projections.add(mapped == null ? p : mapped);
                }
                yield changed ? new ExpandNode(e.child(), projections, e.output()) : e;
            }
            case RepartitionNode r -> {
                List<SortOrder> keys = mapOrders(r.keys(), f);
                yield keys == null ? r : new RepartitionNode(r.child(), r.kind(), r.numPartitions(), keys);
            }
            case GenerateNode g -> {
                ResolvedExpression a = f.apply(g.argument());
                yield a == g.argument() ? g : new GenerateNode(g.child(), g.function(), a, g.outer(),
                        g.requiredChildOutput(), g.generatorOutput());
            }
            default -> plan;
        };
    }

    private static List<ResolvedExpression> mapList(List<ResolvedExpression> list,
                                                    Function<ResolvedExpression, ResolvedExpression> f) {
        List<ResolvedExpression> out = new ArrayList<>(list.size());
        boolean changed = false;
        for (ResolvedExpression e : list) {
            ResolvedExpression mapped = f.apply(e);
            changed |= mapped != e;
            out.add(mapped);
        }
        return changed ? out : null;
    }

    private static List<NamedExpression> mapNamed(List<NamedExpression> list,
                                                  Function<ResolvedExpression, ResolvedExpression> f) {
        List<NamedExpression> out = new ArrayList<>(list.size());
        boolean changed = false;
        for (NamedExpression n : list) {
            if (n instanceof AliasExpression alias) {
                ResolvedExpression mapped = f.apply(alias.child());
                if (mapped != alias.child()) {
                    changed = true;
                    out.add(new AliasExpression(mapped, alias.name(), alias.id()));
                    continue;
                }
            } else {
                ResolvedExpression mapped = f.apply(n);
                if (mapped != n) {
                    changed = true;
                    out.add(mapped instanceof NamedExpression named && named.id() == n.id() ? named
                            : new AliasExpression(mapped, n.name(), n.id()));
                    continue;
                }
            }
            out.add(n);
        }
        return changed ? out : null;
    }

    private static List<SortOrder> mapOrders(List<SortOrder> orders, Function<ResolvedExpression, ResolvedExpression> f) {
        List<SortOrder> out = new ArrayList<>(orders.size());
        boolean changed = false;
        for (SortOrder o : orders) {
            ResolvedExpression mapped = f.apply(o.child());
            changed |= mapped != o.child();
            out.add(mapped == o.child() ? o : o.withChild(mapped));
        }
        return changed ? out : null;
    }

    /** The expression ids of {@code plan}'s output columns. */
    public static Set<Long> outputIds(ResolvedPlan plan) {
        Set<Long> ids = new HashSet<>();
        plan.output().forEach(a -> ids.add(a.id()));
        return ids;
    }

    /** The largest expression id used anywhere in the plan, subquery plans included; -1 when none. */
    public static long maxExpressionId(ResolvedPlan plan) {
        long[] max = {-1};
        collectMaxId(plan, max);
        return max[0];
    }

    private static void collectMaxId(ResolvedPlan plan, long[] max) {
        forEach(plan, node -> {
            for (AttributeReference a : node.output()) {
                max[0] = Math.max(max[0], a.id());
            }
            for (ResolvedExpression e : expressions(node)) {
                Expressions.anyMatch(e, x -> {
                    if (x instanceof NamedExpression n) {
                        max[0] = Math.max(max[0], n.id());
                    } else if (x instanceof SubqueryExpression s) {
                        collectMaxId(s.plan(), max);
                    }
                    return false;
                });
            }
        });
    }

    /** Whether some expression of the plan (not looking into subquery plans) matches. */
    public static boolean anyExpression(ResolvedPlan plan, java.util.function.Predicate<ResolvedExpression> predicate) {
        return anyMatch(plan, node -> expressions(node).stream().anyMatch(e -> Expressions.anyMatch(e, predicate)));
    }
}
