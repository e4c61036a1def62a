package io.updraft.planner.logical;

import io.updraft.planner.expr.SortOrderExpr;

import java.util.List;
import java.util.Objects;

/**
 * ORDER BY ({@code global}: the whole result in order) or, not global, the rows of each partition sorted where they
 * are (Spark's {@code Sort(order, global = false)}, {@code Dataset.sortWithinPartitions}).
 */
public record Sort(LogicalPlan child, List<SortOrderExpr> order, boolean global) implements LogicalPlan {
    public Sort {
        Objects.requireNonNull(child, "child is null");
        order = List.copyOf(order);
    }

    /** A global sort. */
    public Sort(LogicalPlan child, List<SortOrderExpr> order) {
        this(child, order, true);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
