package io.updraft.planner.resolved.expr;

import io.updraft.core.expr.CompareOp;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** {@code left op right} after coercion: both sides have the same type (decimals may differ). */
public record ComparisonExpression(CompareOp op, ResolvedExpression left, ResolvedExpression right)
        implements ResolvedExpression {
    public ComparisonExpression {
        Objects.requireNonNull(op, "op is null");
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return op != CompareOp.EQUAL_NULL_SAFE && (left.nullable() || right.nullable());
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new ComparisonExpression(op, children.get(0), children.get(1));
    }
}
