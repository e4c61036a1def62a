package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code Filter(c, Project(list, x))} becomes {@code Project(list, Filter(c', x))}, where c' reads the
 * projection's inputs instead of its aliases. As Spark's PushPredicateThroughNonJoin, only when every expression of
 * the projection is deterministic (a nondeterministic UDF would be evaluated again, to another value, in the filter).
 */
public final class PushFilterThroughProject implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformDown(plan, node -> {
            if (node instanceof FilterNode filter && filter.child() instanceof ProjectNode project
                    && project.projectList().stream().allMatch(Expressions::deterministic)) {
                Map<Long, ResolvedExpression> aliases = new HashMap<>();
                for (NamedExpression n : project.projectList()) {
                    if (n instanceof AliasExpression alias) {
                        aliases.put(alias.id(), alias.child());
                    }
                }
                ResolvedExpression condition = Expressions.substitute(filter.condition(), aliases);
                return new ProjectNode(new FilterNode(project.child(), condition), project.projectList());
            }
            return node;
        });
    }
}
