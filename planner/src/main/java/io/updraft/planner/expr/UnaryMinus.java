package io.updraft.planner.expr;

import java.util.Objects;

/** (- %s). */
public record UnaryMinus(Expression child) implements Expression {
    public UnaryMinus {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public String sql() {
        return String.format("(- %s)", child.sql());
    }
}
