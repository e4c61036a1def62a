package io.updraft.planner.logical;

import io.updraft.planner.expr.Expression;

import java.util.List;
import java.util.Objects;

/**
 * GROUP BY {@code groupingExpressions} producing {@code aggregateExpressions} (the output list: grouping
 * columns and aggregate calls, possibly aliased, in output order — as Spark's Aggregate node).
 */
public record Aggregate(LogicalPlan child, List<Expression> groupingExpressions, List<Expression> aggregateExpressions)
        implements LogicalPlan {
    public Aggregate {
        Objects.requireNonNull(child, "child is null");
        groupingExpressions = List.copyOf(groupingExpressions);
        aggregateExpressions = List.copyOf(aggregateExpressions);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
