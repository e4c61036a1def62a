package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/** A built-in scalar function by lower-case Spark name, arguments already coerced to its signature. */
public record ScalarFunctionExpression(String name, List<ResolvedExpression> arguments, DataType dataType,
                                       boolean nullable) implements ResolvedExpression {
    public ScalarFunctionExpression {
        Objects.requireNonNull(name, "name is null");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public List<ResolvedExpression> children() {
        return arguments;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new ScalarFunctionExpression(name, children, dataType, nullable);
    }
}
