package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** Skips {@code offset} rows then passes {@code limit}; {@code global} after a gather, else per task. */
public record LimitExec(PhysicalNode child, long limit, long offset, boolean global) implements PhysicalNode {
    public LimitExec {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public List<AttributeReference> output() {
        return child.output();
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of(child);
    }

    @Override
    public PhysicalPartitioning partitioning() {
        return child.partitioning();
    }
}
