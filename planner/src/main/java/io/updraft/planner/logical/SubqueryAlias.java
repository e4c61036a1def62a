package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/**
 * Names a relation ({@code FROM lineitem l}, a view name, {@code Dataset.as(alias)}): columns become qualifiable
 * by {@code alias}. {@code columnNames}, when not empty, renames the child's columns by position
 * ({@code FROM (...) AS t (a, b)}, {@code WITH t (a, b) AS (...)}); it must then name every column.
 */
public record SubqueryAlias(String alias, LogicalPlan child, List<String> columnNames) implements LogicalPlan {
    public SubqueryAlias {
        Objects.requireNonNull(alias, "alias is null");
        Objects.requireNonNull(child, "child is null");
        columnNames = List.copyOf(columnNames);
    }

    public SubqueryAlias(String alias, LogicalPlan child) {
        this(alias, child, List.of());
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
