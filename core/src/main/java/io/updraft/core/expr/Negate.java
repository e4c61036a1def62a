package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.Objects;

/** Unary minus. */
public record Negate(Expr child) implements Expr {
    public Negate {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public DataType dataType() {
        return child.dataType();
    }

    @Override
    public boolean nullable() {
        return child.nullable();
    }
}
