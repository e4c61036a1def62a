package io.updraft.planner.logical;

import io.updraft.planner.expr.Expression;

import java.util.List;
import java.util.Objects;

/** WHERE / filter. */
public record Filter(LogicalPlan child, Expression condition) implements LogicalPlan {
    public Filter {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(condition, "condition is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
