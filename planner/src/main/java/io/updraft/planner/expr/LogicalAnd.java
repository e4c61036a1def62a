package io.updraft.planner.expr;

import java.util.Objects;

/** {@code left AND right}. */
public record LogicalAnd(Expression left, Expression right) implements Expression {
    public LogicalAnd {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public String sql() {
        return "(" + left.sql() + " AND " + right.sql() + ")";
    }
}
