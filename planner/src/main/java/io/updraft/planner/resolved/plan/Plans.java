package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Consumer;

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

    /** Visits every node, parents before children. */
    public static void forEach(ResolvedPlan plan, Consumer<ResolvedPlan> visitor) {
        visitor.accept(plan);
        for (ResolvedPlan child : plan.children()) {
            forEach(child, visitor);
        }
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
        };
    }

    /** The largest expression id used anywhere in the plan (attributes and aliases); -1 when none. */
    public static long maxExpressionId(ResolvedPlan plan) {
        long[] max = {-1};
        forEach(plan, node -> {
            for (AttributeReference a : node.output()) {
                max[0] = Math.max(max[0], a.id());
            }
            for (ResolvedExpression e : expressions(node)) {
                Expressions.anyMatch(e, x -> {
                    if (x instanceof NamedExpression n) {
                        max[0] = Math.max(max[0], n.id());
                    }
                    return false;
                });
            }
        });
        return max[0];
    }
}
