package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/**
 * A stage boundary: the child's stage ends in a shuffle write with {@code partitioning}, the parent's stage reads
 * it. {@code broadcast}: written as one partition that every task of the reading stage reads whole (the build side
 * of a broadcast join); otherwise task p of the reading stage reads partition p of every map output.
 */
public record ExchangeExec(PhysicalNode child, PhysicalPartitioning partitioning, boolean broadcast)
        implements PhysicalNode {
    public ExchangeExec {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(partitioning, "partitioning is null");
        if (partitioning instanceof PhysicalPartitioning.Unknown || partitioning instanceof PhysicalPartitioning.Collection) {
            throw new IllegalArgumentException("an exchange produces one known partitioning");
        }
        if (broadcast && !(partitioning instanceof PhysicalPartitioning.Single)) {
            throw new IllegalArgumentException("a broadcast is written as a single partition");
        }
    }

    /** A gather into one task. */
    public static ExchangeExec single(PhysicalNode child) {
        return new ExchangeExec(child, PhysicalPartitioning.SINGLE, false);
    }

    public static ExchangeExec broadcast(PhysicalNode child) {
        return new ExchangeExec(child, PhysicalPartitioning.SINGLE, true);
    }

    @Override
    public List<AttributeReference> output() {
        return child.output();
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of(child);
    }
}
