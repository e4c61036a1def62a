package io.updraft.planner.resolved.expr;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;

import java.util.List;
import java.util.Objects;

/**
 * {@code left op right} after coercion: both sides have the result type, except that decimal operands
 * keep their own precision and scale (the result type follows Spark's decimal rules).
 */
public record ArithmeticExpression(ArithmeticOp op, ResolvedExpression left, ResolvedExpression right,
                                   DataType dataType) implements ResolvedExpression {
    public ArithmeticExpression {
        Objects.requireNonNull(op, "op is null");
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        Objects.requireNonNull(dataType, "dataType is null");
    }

    /** As Spark without ANSI mode: division by zero and decimal overflow yield null. */
    @Override
    public boolean nullable() {
        return left.nullable() || right.nullable() || op == ArithmeticOp.DIVIDE || op == ArithmeticOp.MOD
                || dataType instanceof DecimalType;
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new ArithmeticExpression(op, children.get(0), children.get(1), dataType);
    }
}
