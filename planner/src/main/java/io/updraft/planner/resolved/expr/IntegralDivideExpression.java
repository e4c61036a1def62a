package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/**
 * Spark's {@code a div b}: the quotient truncated toward zero, as bigint; null when b is 0. Operands are both
 * bigint or both decimal (the analyzer casts). Bound to core as a bigint division (which truncates), over a cast of
 * the decimal quotient for decimals.
 */
public record IntegralDivideExpression(ResolvedExpression left, ResolvedExpression right) implements ResolvedExpression {
    public IntegralDivideExpression {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.LongType;
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new IntegralDivideExpression(children.get(0), children.get(1));
    }
}
