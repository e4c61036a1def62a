package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.List;
import java.util.Objects;

/** Sorts its input; {@code global} when it sees all rows (after a gather), else per task (top-N). */
public record SortExec(PhysicalNode child, List<SortOrder> order, boolean global) implements PhysicalNode {
    public SortExec {
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
