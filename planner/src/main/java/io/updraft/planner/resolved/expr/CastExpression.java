package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * Spark's non-ANSI cast of {@code child} to {@code dataType}. {@code userSpecified} is false for casts the
 * analyzer inserted while coercing types; those are hidden in generated column names, as in Spark.
 */
public record CastExpression(ResolvedExpression child, DataType dataType, boolean userSpecified)
        implements ResolvedExpression {
    public CastExpression {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(dataType, "dataType is null");
    }

    /** Nullable unless the child is not nullable and the conversion can never fail. */
    @Override
    public boolean nullable() {
        return child.nullable() || !Casts.neverFails(child.dataType(), dataType);
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of(child);
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new CastExpression(children.get(0), dataType, userSpecified);
    }
}
