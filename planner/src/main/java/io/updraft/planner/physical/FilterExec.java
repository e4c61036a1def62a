package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.List;
import java.util.Objects;

/** Keeps rows where {@code condition} is true. */
public record FilterExec(PhysicalNode child, ResolvedExpression condition) implements PhysicalNode {
    public FilterExec {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(condition, "condition is null");
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
