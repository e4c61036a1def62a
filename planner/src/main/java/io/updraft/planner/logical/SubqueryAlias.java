package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/** Names a relation ({@code FROM lineitem l}, a view name): columns become qualifiable by {@code alias}. */
public record SubqueryAlias(String alias, LogicalPlan child) implements LogicalPlan {
    public SubqueryAlias {
        Objects.requireNonNull(alias, "alias is null");
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
