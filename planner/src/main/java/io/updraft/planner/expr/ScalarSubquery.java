package io.updraft.planner.expr;

import io.updraft.planner.logical.LogicalPlan;

import java.util.Objects;

/**
 * {@code (SELECT ...)} used as a value: the plan must produce one column and at most one row (null when it
 * produces none). Columns the plan cannot resolve itself resolve against the enclosing query (correlation).
 */
public record ScalarSubquery(LogicalPlan plan) implements Expression {
    public ScalarSubquery {
        Objects.requireNonNull(plan, "plan is null");
    }

    @Override
    public String sql() {
        return "scalarsubquery()";
    }
}
