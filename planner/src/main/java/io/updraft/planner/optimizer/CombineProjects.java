package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.List;

/**
 * {@code Project(outer, Project(inner, x))} becomes one projection over x with the inner aliases
 * substituted into the outer expressions (Spark's CollapseProject). It does not fire when that would
 * compute a non-trivial inner expression more than once.
 */
public final class CombineProjects implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof ProjectNode outer && outer.child() instanceof ProjectNode inner) {
                return combine(outer, inner);
            }
            return node;
        });
    }

    private static ResolvedPlan combine(ProjectNode outer, ProjectNode inner) {
        List<NamedExpression> combined = ProjectionSubstitution.substitute(outer.projectList(), inner.projectList());
        if (combined == null) {
            return outer;
        }
        return new ProjectNode(inner.child(), combined);
    }
}
