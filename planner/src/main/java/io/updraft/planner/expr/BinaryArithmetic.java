package io.updraft.planner.expr;

import io.updraft.core.expr.ArithmeticOp;

import java.util.Objects;

/** {@code left op right}; types are coerced by the analyzer with Spark's rules. */
public record BinaryArithmetic(ArithmeticOp op, Expression left, Expression right) implements Expression {
    public BinaryArithmetic {
        Objects.requireNonNull(op, "op is null");
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public String sql() {
        return "(" + left.sql() + " " + op.symbol() + " " + right.sql() + ")";
    }
}
