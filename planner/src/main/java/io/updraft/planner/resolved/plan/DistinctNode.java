package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** One row per distinct child row; replaced by an Aggregate in the optimizer. */
public record DistinctNode(ResolvedPlan child) implements ResolvedPlan {
    public DistinctNode {
        Objects.requireNonNull(child, "child is null");
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
        return new DistinctNode(children.get(0));
    }
}
