package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A column of the enclosing query read inside a correlated subquery. It has no children, so rules working on
 * the subquery never mistake it for one of the subquery's own columns; the subquery rewrite turns it back into
 * the attribute when the subquery becomes a join.
 */
public record OuterReference(AttributeReference attribute) implements ResolvedExpression {
    public OuterReference {
        Objects.requireNonNull(attribute, "attribute is null");
    }

    @Override
    public DataType dataType() {
        return attribute.dataType();
    }

    @Override
    public boolean nullable() {
        return attribute.nullable();
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
