package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.LocalLimitNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.LocalRelationNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.RepartitionNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.planner.resolved.plan.WindowNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every operator produces only the columns its parent reads, down to the scan, which then decodes only those
 * (none for {@code count()}). Unused projection entries, aggregate outputs, window functions and union columns
 * are dropped; a narrowing projection is put under an aggregate, a join side or a window whose input carries
 * columns only a filter below needed, so fewer bytes reach hash tables and shuffles.
 */
public final class ColumnPruning implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        Set<Long> required = new HashSet<>();
        plan.output().forEach(a -> required.add(a.id()));
        ResolvedPlan pruned = prune(plan, required);
        return pruned.equals(plan) ? plan : pruned;
    }

    private static Set<Long> ids(List<? extends ResolvedExpression> exprs) {
        return new HashSet<>(Expressions.references(exprs).keySet());
    }

    private static ResolvedPlan prune(ResolvedPlan plan, Set<Long> required) {
        return switch (plan) {
            case ScanNode s -> {
                List<AttributeReference> kept = s.output().stream().filter(a -> required.contains(a.id())).toList();
                yield kept.size() == s.output().size() ? s : s.withOutput(kept);
            }
            case SubqueryAliasNode a -> new SubqueryAliasNode(a.alias(), prune(a.child(), required));
            case BroadcastHintNode b -> new BroadcastHintNode(prune(b.child(), required));
            case ProjectNode p -> {
                List<NamedExpression> kept = p.projectList().stream().filter(n -> required.contains(n.id())).toList();
                ResolvedPlan child = prune(p.child(), ids(kept));
                yield kept.isEmpty() ? child : new ProjectNode(child, kept);
            }
            case FilterNode f -> {
                Set<Long> childRequired = new HashSet<>(required);
                childRequired.addAll(ids(List.of(f.condition())));
                yield new FilterNode(prune(f.child(), childRequired), f.condition());
            }
            case AggregateNode a -> {
                List<NamedExpression> kept = a.aggregateExpressions().stream()
                        .filter(n -> required.contains(n.id())).toList();
                if (kept.isEmpty() && !a.aggregateExpressions().isEmpty()) {
                    kept = List.of(a.aggregateExpressions().get(0));
                }
                Set<Long> childRequired = ids(a.groupingExpressions());
                childRequired.addAll(ids(kept));
                ResolvedPlan child = narrow(prune(a.child(), childRequired), childRequired);
                yield new AggregateNode(child, a.groupingExpressions(), kept);
            }
            case SortNode s -> {
                Set<Long> childRequired = new HashSet<>(required);
                childRequired.addAll(ids(s.order().stream().map(SortOrder::child).toList()));
                yield s.withChild(prune(s.child(), childRequired));
            }
            case LimitNode l -> new LimitNode(prune(l.child(), required), l.limit(), l.offset());
            case LocalLimitNode l -> new LocalLimitNode(prune(l.child(), required), l.limit());
            case JoinNode j -> {
                Set<Long> needed = new HashSet<>(required);
                if (j.condition() != null) {
                    needed.addAll(ids(List.of(j.condition())));
                }
                ResolvedPlan left = narrow(prune(j.left(), needed), needed);
                ResolvedPlan right = narrow(prune(j.right(), needed), needed);
                yield new JoinNode(left, right, j.joinType(), j.condition(), j.hint());
            }
            case UnionNode u -> union(u, required);
            case WindowNode w -> {
                List<AliasExpression> kept = w.windowExpressions().stream().filter(x -> required.contains(x.id())).toList();
                if (kept.isEmpty()) {
                    yield prune(w.child(), required);
                }
                Set<Long> childRequired = new HashSet<>(required);
                childRequired.addAll(ids(kept));
                childRequired.addAll(ids(w.partitionSpec()));
                childRequired.addAll(ids(w.orderSpec().stream().map(SortOrder::child).toList()));
                ResolvedPlan child = narrow(prune(w.child(), childRequired), childRequired);
                yield new WindowNode(child, kept, w.partitionSpec(), w.orderSpec());
            }
            case ExpandNode e -> expand(e, required);
            case RepartitionNode r -> {
                Set<Long> childRequired = new HashSet<>(required);
                childRequired.addAll(ids(r.keys().stream().map(SortOrder::child).toList()));
                yield new RepartitionNode(prune(r.child(), childRequired), r.kind(), r.numPartitions(), r.keys());
            }
            // Every column matters to these (they compare whole rows); they are replaced early anyway.
            case DistinctNode d -> d.withChildren(List.of(pruneAll(d.child())));
            case DeduplicateNode d -> d.withChildren(List.of(pruneAll(d.child())));
            case IntersectNode i -> i.withChildren(List.of(pruneAll(i.left()), pruneAll(i.right())));
            case ExceptNode e -> e.withChildren(List.of(pruneAll(e.left()), pruneAll(e.right())));
            // User code reads its child's whole rows, so they keep every column, in order.
            case MapPartitionsNode m -> m.withChildren(List.of(pruneAll(m.child())));
            case LocalRelationNode r -> r;
            case GenerateNode g -> {
                // The generator stays whole (it decides how many rows there are); unread child columns go.
                List<AttributeReference> kept = g.requiredChildOutput().stream()
                        .filter(a -> required.contains(a.id())).toList();
                Set<Long> childRequired = new HashSet<>(ids(kept));
                childRequired.addAll(ids(List.of(g.argument())));
                ResolvedPlan child = prune(g.child(), childRequired);
                yield new GenerateNode(child, g.function(), g.argument(), g.outer(), kept, g.generatorOutput());
            }
        };
    }

    private static ResolvedPlan pruneAll(ResolvedPlan child) {
        Set<Long> all = new HashSet<>();
        child.output().forEach(a -> all.add(a.id()));
        return prune(child, all);
    }

    /** Keeps the union columns (by position) the parent reads, at least one. */
    private static ResolvedPlan union(UnionNode u, Set<Long> required) {
        List<AttributeReference> output = u.output();
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) {
            if (required.contains(output.get(i).id())) {
                keep.add(i);
            }
        }
        if (keep.isEmpty() && !output.isEmpty()) {
            keep.add(0);
        }
        List<ResolvedPlan> children = new ArrayList<>();
        for (ResolvedPlan c : u.children()) {
            List<AttributeReference> childOutput = c.output();
            Set<Long> childRequired = new HashSet<>();
            keep.forEach(i -> childRequired.add(childOutput.get(i).id()));
            ResolvedPlan pruned = prune(c, childRequired);
            if (keep.size() == childOutput.size() && pruned.output().size() == childOutput.size()) {
                children.add(pruned);
            } else {
                List<NamedExpression> list = new ArrayList<>();
                keep.forEach(i -> list.add(childOutput.get(i)));
                children.add(new ProjectNode(pruned, list));
            }
        }
        return new UnionNode(children);
    }

    /** Drops Expand output columns nobody reads from every projection. */
    private static ResolvedPlan expand(ExpandNode e, Set<Long> required) {
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < e.output().size(); i++) {
            if (required.contains(e.output().get(i).id())) {
                keep.add(i);
            }
        }
        List<List<ResolvedExpression>> projections = new ArrayList<>();
        Set<Long> childRequired = new HashSet<>();
        for (List<ResolvedExpression> p : e.projections()) {
            List<ResolvedExpression> kept = keep.stream().map(p::get).toList();
            childRequired.addAll(ids(kept));
            projections.add(kept);
        }
        List<AttributeReference> output = keep.stream().map(e.output()::get).toList();
        return new ExpandNode(prune(e.child(), childRequired), projections, output);
    }

    /** A projection onto the required columns when the child produces more (and at least one is needed). */
    static ResolvedPlan narrow(ResolvedPlan child, Set<Long> required) {
        List<AttributeReference> output = child.output();
        if (output.stream().allMatch(a -> required.contains(a.id()))) {
            return child;
        }
        List<NamedExpression> list = new ArrayList<>();
        for (AttributeReference a : output) {
            if (required.contains(a.id())) {
                list.add(a);
            }
        }
        if (list.isEmpty()) {
            return child;
        }
        if (child instanceof ProjectNode p) {
            // Narrow the existing projection instead of stacking another one.
            List<NamedExpression> kept = p.projectList().stream().filter(n -> list.stream()
                    .anyMatch(l -> l.id() == n.id())).toList();
            return new ProjectNode(p.child(), kept);
        }
        return new ProjectNode(child, list);
    }
}
