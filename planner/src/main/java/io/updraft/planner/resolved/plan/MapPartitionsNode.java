package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/**
 * User code over the child's whole rows ({@link io.updraft.planner.logical.MapPartitions}): it reads every column of
 * its child, in order, and produces {@code output} (fresh attributes). Opaque to the optimizer: nothing is pushed
 * through it and its child's columns are never pruned.
 */
public record MapPartitionsNode(ResolvedPlan child, List<AttributeReference> output, String function,
                                String description) implements ResolvedPlan {
    public MapPartitionsNode {
        Objects.requireNonNull(child, "child is null");
        output = List.copyOf(output);
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(description, "description is null");
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new MapPartitionsNode(children.get(0), output, function, description);
    }
}
