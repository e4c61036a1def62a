package io.updraft.planner.expr;

import java.util.Objects;

/** (NOT %s). */
public record LogicalNot(Expression child) implements Expression {
    public LogicalNot {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public String sql() {
        return String.format("(NOT %s)", child.sql());
    }
}
