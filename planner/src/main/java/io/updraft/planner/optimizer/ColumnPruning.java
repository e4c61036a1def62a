package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every operator produces only the columns its parent reads, down to the scan, which then decodes only
 * those (none for {@code count()}). Unused projection entries and aggregate outputs are dropped; a
 * projection is inserted under an aggregate whose input carries columns only a filter needed.
 */
public final class ColumnPruning implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        Set<Long> required = new HashSet<>();
        plan.output().forEach(a -> required.add(a.id()));
        ResolvedPlan pruned = prune(plan, required);
        return pruned.equals(plan) ? plan : pruned;
    }

    private static ResolvedPlan prune(ResolvedPlan plan, Set<Long> required) {
        return switch (plan) {
            case ScanNode s -> {
                List<AttributeReference> kept = s.output().stream().filter(a -> required.contains(a.id())).toList();
                yield kept.size() == s.output().size() ? s : s.withOutput(kept);
            }
            case SubqueryAliasNode a -> new SubqueryAliasNode(a.alias(), prune(a.child(), required));
            case ProjectNode p -> {
                List<NamedExpression> kept = p.projectList().stream().filter(n -> required.contains(n.id())).toList();
                Set<Long> childRequired = new HashSet<>(Expressions.references(kept).keySet());
                ResolvedPlan child = prune(p.child(), childRequired);
                yield kept.isEmpty() ? child : new ProjectNode(child, kept);
            }
            case FilterNode f -> {
                Set<Long> childRequired = new HashSet<>(required);
                childRequired.addAll(Expressions.references(f.condition()).keySet());
                yield new FilterNode(prune(f.child(), childRequired), f.condition());
            }
            case AggregateNode a -> {
                List<NamedExpression> kept = a.aggregateExpressions().stream()
                        .filter(n -> required.contains(n.id())).toList();
                if (kept.isEmpty() && !a.aggregateExpressions().isEmpty()) {
                    kept = List.of(a.aggregateExpressions().get(0));
                }
                Set<Long> childRequired = new HashSet<>(Expressions.references(a.groupingExpressions()).keySet());
                childRequired.addAll(Expressions.references(kept).keySet());
                ResolvedPlan child = narrow(prune(a.child(), childRequired), childRequired);
                yield new AggregateNode(child, a.groupingExpressions(), kept);
            }
            case SortNode s -> {
                Set<Long> childRequired = new HashSet<>(required);
                childRequired.addAll(Expressions.references(s.order().stream().map(SortOrder::child).toList()).keySet());
                yield new SortNode(prune(s.child(), childRequired), s.order());
            }
            case LimitNode l -> new LimitNode(prune(l.child(), required), l.limit(), l.offset());
        };
    }

    /** A projection onto the required columns when the child produces more (and at least one is needed). */
    private static ResolvedPlan narrow(ResolvedPlan child, Set<Long> required) {
        List<AttributeReference> output = child.output();
        if (required.isEmpty() || output.stream().allMatch(a -> required.contains(a.id()))) {
            return child;
        }
        List<NamedExpression> list = new ArrayList<>();
        for (AttributeReference a : output) {
            if (required.contains(a.id())) {
                list.add(a);
            }
        }
        return new ProjectNode(child, list);
    }
}
