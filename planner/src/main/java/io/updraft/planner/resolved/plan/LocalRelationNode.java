package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** Leaf: the session's own rows ({@link io.updraft.planner.logical.LocalRelation}), Arrow IPC base64. */
public record LocalRelationNode(List<AttributeReference> output, List<String> arrowIpcBase64, long rowCount)
        implements ResolvedPlan {
    public LocalRelationNode {
        output = List.copyOf(output);
        arrowIpcBase64 = List.copyOf(Objects.requireNonNull(arrowIpcBase64, "arrowIpcBase64 is null"));
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of();
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return this;
    }
}
