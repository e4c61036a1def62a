package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/**
 * A stage boundary: the child's task outputs are gathered, in task order, into one task of the next
 * stage (Spark's {@code Exchange SinglePartition}). Hash and broadcast exchanges come with joins.
 */
public record ExchangeExec(PhysicalNode child) implements PhysicalNode {
    public ExchangeExec {
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
    public boolean distributed() {
        return false;
    }
}
