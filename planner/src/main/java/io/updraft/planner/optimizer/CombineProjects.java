package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        Map<Long, AliasExpression> aliases = new HashMap<>();
        for (NamedExpression n : inner.projectList()) {
            if (n instanceof AliasExpression alias) {
                aliases.put(alias.id(), alias);
            }
        }
        Map<Long, Integer> uses = new HashMap<>();
        for (NamedExpression n : outer.projectList()) {
            countUses(n, uses);
        }
        for (Map.Entry<Long, Integer> use : uses.entrySet()) {
            AliasExpression alias = aliases.get(use.getKey());
            if (alias != null && use.getValue() > 1 && !isCheap(alias.child())) {
                return outer;
            }
        }
        Map<Long, ResolvedExpression> substitutions = new HashMap<>();
        aliases.forEach((id, alias) -> substitutions.put(id, alias.child()));
        List<NamedExpression> combined = new ArrayList<>();
        for (NamedExpression n : outer.projectList()) {
            if (n instanceof AttributeReference a) {
                AliasExpression alias = aliases.get(a.id());
                combined.add(alias != null ? alias : a);
            } else {
                AliasExpression alias = (AliasExpression) n;
                combined.add(new AliasExpression(Expressions.substitute(alias.child(), substitutions), alias.name(),
                        alias.id()));
            }
        }
        return new ProjectNode(inner.child(), combined);
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
