package io.updraft.planner.expr;

import java.util.Objects;

/** (%s IS NOT NULL). */
public record IsNotNullExpr(Expression child) implements Expression {
    public IsNotNullExpr {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public String sql() {
        return String.format("(%s IS NOT NULL)", child.sql());
    }
}
