package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** IsNotNull test; never null. */
public record IsNotNullExpression(ResolvedExpression child) implements ResolvedExpression {
    public IsNotNullExpression {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return false;
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(child);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new IsNotNullExpression(children.get(0));
    }
}
