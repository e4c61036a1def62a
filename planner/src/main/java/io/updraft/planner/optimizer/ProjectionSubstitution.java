package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The substitution behind Spark's CollapseProject, shared by {@link CombineProjects} and
 * {@link CollapseProjectIntoAggregate}: an outer projection list rewritten over the expressions of the
 * named list below it (an inner projection, or an aggregate's outputs).
 */
final class ProjectionSubstitution {
    private ProjectionSubstitution() {
    }

    /**
     * The outer list with the inner aliases substituted (an outer reference to an inner alias becomes that
     * alias), or null when that would compute a non-trivial inner expression more than once.
     */
    static List<NamedExpression> substitute(List<NamedExpression> outer, List<NamedExpression> inner) {
        Map<Long, AliasExpression> aliases = new HashMap<>();
        for (NamedExpression n : inner) {
            if (n instanceof AliasExpression alias) {
                aliases.put(alias.id(), alias);
            }
        }
        Map<Long, Integer> uses = new HashMap<>();
        for (NamedExpression n : outer) {
            countUses(n, uses);
        }
        for (Map.Entry<Long, Integer> use : uses.entrySet()) {
            AliasExpression alias = aliases.get(use.getKey());
            if (alias != null && use.getValue() > 1 && !isCheap(alias.child())) {
                return null;
            }
        }
        Map<Long, ResolvedExpression> substitutions = new HashMap<>();
        aliases.forEach((id, alias) -> substitutions.put(id, alias.child()));
        List<NamedExpression> result = new ArrayList<>(outer.size());
        for (NamedExpression n : outer) {
            if (n instanceof AttributeReference a) {
                AliasExpression alias = aliases.get(a.id());
                result.add(alias != null ? alias : a);
            } else {
                AliasExpression alias = (AliasExpression) n;
                result.add(new AliasExpression(Expressions.substitute(alias.child(), substitutions), alias.name(),
                        alias.id()));
            }
        }
        return result;
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
