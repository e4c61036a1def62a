package io.updraft.planner.logical;

import java.util.List;

/**
 * UNION ALL of two or more plans (Spark's {@code union}/{@code unionAll}: duplicates kept; SQL's UNION is
 * {@code Distinct(Union)}). By position, or by column name ({@code unionByName}) where
 * {@code allowMissingColumns} fills columns a child lacks with nulls. Column types are widened as Spark.
 */
public record Union(List<LogicalPlan> children, boolean byName, boolean allowMissingColumns) implements LogicalPlan {
    public Union {
        children = List.copyOf(children);
        if (children.size() < 2) {
            throw new IllegalArgumentException("a union needs at least two children, got " + children.size());
        }
        if (allowMissingColumns && !byName) {
            throw new IllegalArgumentException("allowMissingColumns applies to unions by name only");
        }
    }

    /** {@code left.union(right)}: by position. */
    public static Union of(LogicalPlan left, LogicalPlan right) {
        return new Union(List.of(left, right), false, false);
    }
}
