package io.updraft.planner.resolved.expr;

import io.updraft.core.expr.Literal;
import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/** A constant (core's {@link Literal} carries type and value). */
public record ConstantExpression(Literal literal) implements ResolvedExpression {
    public ConstantExpression {
        Objects.requireNonNull(literal, "literal is null");
    }

    public static ConstantExpression of(DataType type, Object value) {
        return new ConstantExpression(new Literal(type, value));
    }

    public Object value() {
        return literal.value();
    }

    @Override
    public DataType dataType() {
        return literal.dataType();
    }

    @Override
    public boolean nullable() {
        return literal.value() == null;
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of();
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return this;
    }
}
