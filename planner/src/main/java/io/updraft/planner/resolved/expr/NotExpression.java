package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** Boolean negation; null stays null. */
public record NotExpression(ResolvedExpression child) implements ResolvedExpression {
    public NotExpression {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return child.nullable();
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(child);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new NotExpression(children.get(0));
    }
}
