package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/** {@code distinct()} / SELECT DISTINCT: one row per distinct row of the child. */
public record Distinct(LogicalPlan child) implements LogicalPlan {
    public Distinct {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
