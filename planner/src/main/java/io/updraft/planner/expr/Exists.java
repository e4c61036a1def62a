package io.updraft.planner.expr;

import io.updraft.planner.logical.LogicalPlan;

import java.util.Objects;

/** {@code EXISTS (SELECT ...)}; {@code NOT EXISTS} is {@code LogicalNot(Exists(...))}. */
public record Exists(LogicalPlan plan) implements Expression {
    public Exists {
        Objects.requireNonNull(plan, "plan is null");
    }

    @Override
    public String sql() {
        return "exists()";
    }
}
