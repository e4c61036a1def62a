package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/**
 * {@code coalesce(n)}: at most {@code numPartitions} partitions without a full shuffle: the outputs of the
 * child's tasks are concatenated in task order into n groups (task i of the next stage reads a contiguous
 * range of the child's tasks), so the row order of a collected result is unchanged.
 */
public record Coalesce(LogicalPlan child, int numPartitions) implements LogicalPlan {
    public Coalesce {
        Objects.requireNonNull(child, "child is null");
        if (numPartitions < 1) {
            throw new IllegalArgumentException("Number of partitions (" + numPartitions + ") must be positive.");
        }
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
