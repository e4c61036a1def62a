package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/**
 * {@code dropDuplicates(columns)}: one row (an arbitrary one, as Spark) per distinct value of the named
 * columns; all columns are kept. Empty {@code columns} means all columns ({@code dropDuplicates()}).
 */
public record Deduplicate(LogicalPlan child, List<String> columns) implements LogicalPlan {
    public Deduplicate {
        Objects.requireNonNull(child, "child is null");
        columns = List.copyOf(columns);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
