package io.updraft.planner.expr;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A call of a user-defined function over {@code arguments} ({@code udf.apply(cols)}, {@code udaf(...).apply(cols)});
 * {@code distinct}: an aggregate over the distinct argument values ({@code udaf.distinct(cols)}). Calls by name
 * ({@code callUDF}, SQL) stay {@link FunctionCall}s and the analyzer finds the session's registered definition.
 * Immutable.
 */
public record UserFunctionCall(UserFunctionDefinition definition, List<Expression> arguments, boolean distinct)
        implements Expression {
    public UserFunctionCall {
        Objects.requireNonNull(definition, "definition is null");
        arguments = List.copyOf(arguments);
    }

    /** A call over every argument value. */
    public UserFunctionCall(UserFunctionDefinition definition, List<Expression> arguments) {
        this(definition, arguments, false);
    }

    @Override
    public String sql() {
        return definition.name() + "(" + (distinct ? "DISTINCT " : "")
                + arguments.stream().map(Expression::sql).collect(Collectors.joining(", ")) + ")";
    }
}
