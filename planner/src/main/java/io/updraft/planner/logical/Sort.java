package io.updraft.planner.logical;

import io.updraft.planner.expr.SortOrderExpr;

import java.util.List;
import java.util.Objects;

/** ORDER BY (global sort). */
public record Sort(LogicalPlan child, List<SortOrderExpr> order) implements LogicalPlan {
    public Sort {
        Objects.requireNonNull(child, "child is null");
        order = List.copyOf(order);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
