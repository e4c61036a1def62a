package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A built-in scalar function by lower-case Spark name, arguments already coerced to its signature.
 * {@code printedName} is the name column names and explain print: {@code name}, or the alias it was called by where
 * Spark keeps that one (Spark's FUNC_ALIAS: {@code substr}).
 */
public record ScalarFunctionExpression(String name, List<ResolvedExpression> arguments, DataType dataType,
                                       boolean nullable, String printedName) implements ResolvedExpression {
    public ScalarFunctionExpression(String name, List<ResolvedExpression> arguments, DataType dataType,
                                    boolean nullable) {
        this(name, arguments, dataType, nullable, name);
    }

    public ScalarFunctionExpression {
        Objects.requireNonNull(name, "name is null");
        if (printedName == null) {
            printedName = name;
        }
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public List<ResolvedExpression> children() {
        return arguments;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new ScalarFunctionExpression(name, children, dataType, nullable, printedName);
    }
}
