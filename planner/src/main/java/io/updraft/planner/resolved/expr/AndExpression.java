package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** Boolean AND with SQL three-valued logic. */
public record AndExpression(ResolvedExpression left, ResolvedExpression right) implements ResolvedExpression {
    public AndExpression {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return left.nullable() || right.nullable();
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new AndExpression(children.get(0), children.get(1));
    }
}
