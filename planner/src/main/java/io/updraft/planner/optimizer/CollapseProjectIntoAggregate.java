package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        Map<Long, AliasExpression> aliases = new HashMap<>();
        for (NamedExpression n : aggregate.aggregateExpressions()) {
            if (n instanceof AliasExpression alias) {
                aliases.put(alias.id(), alias);
            }
        }
        Map<Long, Integer> uses = new HashMap<>();
        for (NamedExpression n : project.projectList()) {
            countUses(n, uses);
        }
        for (Map.Entry<Long, Integer> use : uses.entrySet()) {
            AliasExpression alias = aliases.get(use.getKey());
            if (alias != null && use.getValue() > 1 && !isCheap(alias.child())) {
                return project;
            }
        }
        Map<Long, ResolvedExpression> substitutions = new HashMap<>();
        aliases.forEach((id, alias) -> substitutions.put(id, alias.child()));
        List<NamedExpression> outputs = new ArrayList<>(project.projectList().size());
        for (NamedExpression n : project.projectList()) {
            if (n instanceof AttributeReference a) {
                AliasExpression alias = aliases.get(a.id());
                outputs.add(alias != null ? alias : a);
            } else {
                AliasExpression alias = (AliasExpression) n;
                outputs.add(new AliasExpression(Expressions.substitute(alias.child(), substitutions), alias.name(),
                        alias.id()));
            }
        }
        return new AggregateNode(aggregate.child(), aggregate.groupingExpressions(), outputs);
    }

    private static void countUses(ResolvedExpression e, Map<Long, Integer> uses) {
        if (e instanceof AttributeReference a) {
            uses.merge(a.id(), 1, Integer::sum);
            return;
        }
        for (ResolvedExpression child : e.children()) {
            countUses(child, uses);
        }
    }

    private static boolean isCheap(ResolvedExpression e) {
        return e instanceof AttributeReference || e instanceof ConstantExpression;
    }
}
