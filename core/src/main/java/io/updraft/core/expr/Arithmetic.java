package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.Objects;

/** {@code left op right} with result type {@code dataType} (decimal results are exact, rounded HALF_UP). */
public record Arithmetic(ArithmeticOp op, Expr left, Expr right, DataType dataType) implements Expr {
    public Arithmetic {
        Objects.requireNonNull(op, "op is null");
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public boolean nullable() {
        return left.nullable() || right.nullable() || op == ArithmeticOp.DIVIDE || op == ArithmeticOp.MOD;
    }
}
