package io.updraft.planner.expr;

import java.util.Objects;

/** {@code value BETWEEN low AND high} (inclusive). */
public record BetweenExpr(Expression value, Expression low, Expression high) implements Expression {
    public BetweenExpr {
        Objects.requireNonNull(value, "value is null");
        Objects.requireNonNull(low, "low is null");
        Objects.requireNonNull(high, "high is null");
    }

    @Override
    public String sql() {
        return "(" + value.sql() + " BETWEEN " + low.sql() + " AND " + high.sql() + ")";
    }
}
