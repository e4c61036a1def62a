package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** IsNull test; never null. */
public record IsNullExpression(ResolvedExpression child) implements ResolvedExpression {
    public IsNullExpression {
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
        return new IsNullExpression(children.get(0));
    }
}
