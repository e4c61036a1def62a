package io.updraft.planner.expr;

import io.updraft.sql.types.DataType;

import java.util.Objects;

/** {@code CAST(child AS type)}. */
public record CastExpr(Expression child, DataType type) implements Expression {
    public CastExpr {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(type, "type is null");
    }

    @Override
    public String sql() {
        return "CAST(" + child.sql() + " AS " + type.simpleString().toUpperCase(java.util.Locale.ROOT) + ")";
    }
}
