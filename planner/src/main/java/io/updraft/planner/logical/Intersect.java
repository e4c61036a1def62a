package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/** INTERSECT [ALL] by position ({@code intersect} / {@code intersectAll}); nulls compare equal, as Spark. */
public record Intersect(LogicalPlan left, LogicalPlan right, boolean all) implements LogicalPlan {
    public Intersect {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(left, right);
    }
}
