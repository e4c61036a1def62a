package io.updraft.planner.expr;

import io.updraft.core.expr.CompareOp;

import java.util.Objects;

/** {@code left op right}. */
public record BinaryComparison(CompareOp op, Expression left, Expression right) implements Expression {
    public BinaryComparison {
        Objects.requireNonNull(op, "op is null");
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public String sql() {
        String symbol = op == io.updraft.core.expr.CompareOp.NOT_EQUAL ? "!=" : op.symbol();
        return "(" + left.sql() + " " + symbol + " " + right.sql() + ")";
    }
}
