package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** Names a relation: its columns can be qualified with {@code alias}. Removed by the optimizer. */
public record SubqueryAliasNode(String alias, ResolvedPlan child) implements ResolvedPlan {
    public SubqueryAliasNode {
        Objects.requireNonNull(alias, "alias is null");
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public List<AttributeReference> output() {
        return child.output().stream().map(a -> a.withQualifier(List.of(alias))).toList();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new SubqueryAliasNode(alias, children.get(0));
    }
}
