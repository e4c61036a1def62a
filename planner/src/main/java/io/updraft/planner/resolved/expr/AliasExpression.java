package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/** {@code child AS name}, producing the column {@code id}. */
public record AliasExpression(ResolvedExpression child, String name, long id) implements NamedExpression {
    public AliasExpression {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(name, "name is null");
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
    public AttributeReference toAttribute() {
        return new AttributeReference(id, name, List.of(), child.dataType(), child.nullable());
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(child);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new AliasExpression(children.get(0), name, id);
    }
}
