package io.updraft.planner.expr;

import java.util.Objects;

/** (%s IS NULL). */
public record IsNullExpr(Expression child) implements Expression {
    public IsNullExpr {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public String sql() {
        return String.format("(%s IS NULL)", child.sql());
    }
}
