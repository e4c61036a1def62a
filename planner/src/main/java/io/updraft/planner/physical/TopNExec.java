package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.List;
import java.util.Objects;

/** The first {@code limit} rows by {@code order}; {@code global} after a gather, else per task. */
public record TopNExec(PhysicalNode child, List<SortOrder> order, long limit, boolean global) implements PhysicalNode {
    public TopNExec {
        Objects.requireNonNull(child, "child is null");
        order = List.copyOf(order);
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
