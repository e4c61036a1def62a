package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A column produced by a child operator, identified by {@code id}. {@code qualifier} holds the relation
 * alias it can be qualified with ({@code l.l_quantity}); empty when there is none. Rules compare
 * attributes by id only (names, qualifiers and nullability may differ between references).
 */
public record AttributeReference(long id, String name, List<String> qualifier, DataType dataType, boolean nullable)
        implements NamedExpression {
    public AttributeReference {
        Objects.requireNonNull(name, "name is null");
        qualifier = List.copyOf(qualifier);
        Objects.requireNonNull(dataType, "dataType is null");
    }

    public AttributeReference withQualifier(List<String> newQualifier) {
        return new AttributeReference(id, name, newQualifier, dataType, nullable);
    }

    public AttributeReference withNullability(boolean newNullable) {
        return newNullable == nullable ? this : new AttributeReference(id, name, qualifier, dataType, newNullable);
    }

    @Override
    public AttributeReference toAttribute() {
        return this;
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
