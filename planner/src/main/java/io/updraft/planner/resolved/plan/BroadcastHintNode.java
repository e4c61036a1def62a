package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** The user asked to broadcast this plan in joins; moved into {@link JoinHint}s by the optimizer, then removed. */
public record BroadcastHintNode(ResolvedPlan child) implements ResolvedPlan {
    public BroadcastHintNode {
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
        return new BroadcastHintNode(children.get(0));
    }
}
