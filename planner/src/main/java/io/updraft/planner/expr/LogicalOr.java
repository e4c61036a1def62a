package io.updraft.planner.expr;

import java.util.Objects;

/** {@code left OR right}. */
public record LogicalOr(Expression left, Expression right) implements Expression {
    public LogicalOr {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public String sql() {
        return "(" + left.sql() + " OR " + right.sql() + ")";
    }
}
