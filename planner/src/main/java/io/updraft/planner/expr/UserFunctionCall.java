package io.updraft.planner.expr;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A call of a user-defined function over {@code arguments} ({@code udf.apply(cols)}, {@code udaf(...).apply(cols)});
 * calls by name ({@code callUDF}, SQL) stay {@link FunctionCall}s and the analyzer finds the session's registered
 * definition. Immutable.
 */
public record UserFunctionCall(UserFunctionDefinition definition, List<Expression> arguments) implements Expression {
    public UserFunctionCall {
        Objects.requireNonNull(definition, "definition is null");
        arguments = List.copyOf(arguments);
    }

    @Override
    public String sql() {
        return definition.name() + "(" + arguments.stream().map(Expression::sql).collect(Collectors.joining(", "))
                + ")";
    }
}
