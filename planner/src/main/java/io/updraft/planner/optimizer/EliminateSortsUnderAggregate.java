package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SortNode;

import java.util.List;

/**
 * A sort below an aggregate (through projections and filters only) is removed: no aggregate function other than
 * first/last depends on input order. A sort below a limit is kept (it decides which rows survive).
 */
public final class EliminateSortsUnderAggregate implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof AggregateNode a && !orderDependent(a)) {
                ResolvedPlan child = removeSorts(a.child());
                return child == a.child() ? a : a.withChildren(List.of(child));
            }
            return node;
        });
    }

    /** first/last depend on the input order: a sort below them is kept. */
    private static boolean orderDependent(AggregateNode a) {
        return a.aggregateExpressions().stream().anyMatch(n -> io.updraft.planner.resolved.expr.Expressions.anyMatch(n,
                e -> e instanceof io.updraft.planner.resolved.expr.AggregateFunctionExpression f
                        && (f.function() == io.updraft.core.plan.AggregateFunction.FIRST
                        || f.function() == io.updraft.core.plan.AggregateFunction.LAST)));
    }

    private static ResolvedPlan removeSorts(ResolvedPlan plan) {
        return switch (plan) {
            case SortNode s -> removeSorts(s.child());
            case ProjectNode p -> {
                ResolvedPlan child = removeSorts(p.child());
                yield child == p.child() ? p : p.withChildren(List.of(child));
            }
            case FilterNode f -> {
                ResolvedPlan child = removeSorts(f.child());
                yield child == f.child() ? f : f.withChildren(List.of(child));
            }
            default -> plan;
        };
    }
}
