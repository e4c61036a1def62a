package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/** Unary minus of a numeric value. */
public record NegateExpression(ResolvedExpression child) implements ResolvedExpression {
    public NegateExpression {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public DataType dataType() {
        return child.dataType();
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
        return new NegateExpression(children.get(0));
    }
}
