package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** One row per distinct value of {@code keys} (child columns); replaced by an Aggregate with first(). */
public record DeduplicateNode(ResolvedPlan child, List<AttributeReference> keys) implements ResolvedPlan {
    public DeduplicateNode {
        Objects.requireNonNull(child, "child is null");
        keys = List.copyOf(keys);
    }

    @Override
    public List<AttributeReference> output() {
        return child.output();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new DeduplicateNode(children.get(0), keys);
    }
}
