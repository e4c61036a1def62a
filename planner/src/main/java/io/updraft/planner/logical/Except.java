package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/** EXCEPT [ALL] by position ({@code except} / {@code exceptAll}); nulls compare equal, as Spark. */
public record Except(LogicalPlan left, LogicalPlan right, boolean all) implements LogicalPlan {
    public Except {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(left, right);
    }
}
