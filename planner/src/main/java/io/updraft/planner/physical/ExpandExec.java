package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.List;
import java.util.Objects;

/** Every input row once per projection (GROUPING SETS); see {@link io.updraft.core.plan.Expand}. */
public record ExpandExec(PhysicalNode child, List<List<ResolvedExpression>> projections,
                         List<AttributeReference> output) implements PhysicalNode {
    public ExpandExec {
        Objects.requireNonNull(child, "child is null");
        projections = projections.stream().map(List::copyOf).toList();
        output = List.copyOf(output);
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of(child);
    }

    /** Rows keep their task; a hash partitioning on columns the projections may null out no longer holds. */
    @Override
    public PhysicalPartitioning partitioning() {
        PhysicalPartitioning p = child.partitioning();
        return p instanceof PhysicalPartitioning.Single || p instanceof PhysicalPartitioning.Unknown ? p
                : new PhysicalPartitioning.RoundRobin(p.partitionCount());
    }
}
