package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SortNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Replaces every sub-expression whose inputs are all constants by its value: casts of literals
 * ({@code cast(24 as decimal(15,2))} → 24.00), literal arithmetic ({@code 0.06 - 0.01} → 0.05),
 * comparisons and boolean logic of literals. Aliases keep their names and ids.
 */
public final class ConstantFolding implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> switch (node) {
            case FilterNode f -> {
                ResolvedExpression c = fold(f.condition());
                yield c == f.condition() ? f : new FilterNode(f.child(), c);
            }
            case ProjectNode p -> {
                List<NamedExpression> list = foldNamed(p.projectList());
                yield list == null ? p : new ProjectNode(p.child(), list);
            }
            case AggregateNode a -> {
                List<ResolvedExpression> groupings = new ArrayList<>();
                boolean changed = false;
                for (ResolvedExpression g : a.groupingExpressions()) {
                    ResolvedExpression folded = fold(g);
                    changed |= folded != g;
                    groupings.add(folded);
                }
                List<NamedExpression> list = foldNamed(a.aggregateExpressions());
                if (!changed && list == null) {
                    yield a;
                }
                yield new AggregateNode(a.child(), groupings, list == null ? a.aggregateExpressions() : list);
            }
            case SortNode s -> {
                List<SortOrder> order = new ArrayList<>();
                boolean changed = false;
                for (SortOrder o : s.order()) {
                    ResolvedExpression folded = fold(o.child());
                    changed |= folded != o.child();
                    order.add(o.withChild(folded));
                }
                yield changed ? new SortNode(s.child(), order) : s;
            }
            default -> node;
        });
    }

    /** The folded list, or null when nothing changed. */
    private static List<NamedExpression> foldNamed(List<NamedExpression> list) {
        List<NamedExpression> out = new ArrayList<>(list.size());
        boolean changed = false;
        for (NamedExpression n : list) {
            if (n instanceof AliasExpression alias) {
                ResolvedExpression folded = fold(alias.child());
                if (folded != alias.child()) {
                    changed = true;
                    out.add(new AliasExpression(folded, alias.name(), alias.id()));
                    continue;
                }
            }
            out.add(n);
        }
        return changed ? out : null;
    }

    static ResolvedExpression fold(ResolvedExpression e) {
        return Expressions.transformUp(e, x -> {
            if (x instanceof AliasExpression) {
                return x;
            }
            return ConstantEvaluator.evaluate(x).<ResolvedExpression>map(c -> c).orElse(x);
        });
    }
}
