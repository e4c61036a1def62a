package io.updraft.planner.logical;

import io.updraft.planner.expr.Expression;

import java.util.List;
import java.util.Objects;

/**
 * A shuffle into {@code numPartitions} partitions (0 = the planner's {@code shufflePartitions}):
 * <ul>
 *   <li>{@code repartition(n)}: no expressions, round robin;</li>
 *   <li>{@code repartition(n, cols)} / {@code repartition(cols)}: hash of the expressions;</li>
 *   <li>{@code repartitionByRange(n, cols)}: {@code byRange}, range of the expressions (plain expressions sort
 *   ascending; {@link io.updraft.planner.expr.SortOrderExpr}s keep their direction).</li>
 * </ul>
 * The rows of partition i come before those of partition i + 1 in a collected result.
 */
public record Repartition(LogicalPlan child, int numPartitions, List<Expression> partitionExpressions,
                          boolean byRange) implements LogicalPlan {
    public Repartition {
        Objects.requireNonNull(child, "child is null");
        partitionExpressions = List.copyOf(partitionExpressions);
        if (numPartitions < 0) {
            throw new IllegalArgumentException("Number of partitions (" + numPartitions + ") must be positive.");
        }
        if (numPartitions == 0 && partitionExpressions.isEmpty()) {
            throw new IllegalArgumentException("repartition without expressions needs a partition count");
        }
        if (byRange && partitionExpressions.isEmpty()) {
            throw new IllegalArgumentException("At least one partition-by expression must be specified.");
        }
    }

    /** {@code repartition(n)}. */
    public static Repartition roundRobin(LogicalPlan child, int numPartitions) {
        return new Repartition(child, numPartitions, List.of(), false);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
