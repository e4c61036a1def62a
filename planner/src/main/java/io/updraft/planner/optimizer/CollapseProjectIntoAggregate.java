package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.List;

/**
 * {@code Project(list, Aggregate(keys, outputs, x))} becomes {@code Aggregate(keys, list', x)}, the projection's
 * expressions with the aggregate's outputs substituted (Spark's CollapseProject over an Aggregate): a
 * {@code select} that reorders, renames or computes on the columns of a {@code groupBy().agg(...)} needs no
 * operator of its own. It does not fire when that would compute a non-trivial aggregate output more than once
 * (e.g. {@code select(revenue + revenue)}).
 */
public final class CollapseProjectIntoAggregate implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof ProjectNode project && project.child() instanceof AggregateNode aggregate) {
                return collapse(project, aggregate);
            }
            return node;
        });
    }

    private static ResolvedPlan collapse(ProjectNode project, AggregateNode aggregate) {
        List<NamedExpression> outputs =
                ProjectionSubstitution.substitute(project.projectList(), aggregate.aggregateExpressions());
        if (outputs == null) {
            return project;
        }
        return new AggregateNode(aggregate.child(), aggregate.groupingExpressions(), outputs);
    }
}
