package io.updraft.planner.expr;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A call by Spark function name (scalar or aggregate: "sum", "avg", "count", "substring", ...).
 * {@code count(*)} is {@code FunctionCall("count", [UnresolvedStar(null)], false)}.
 */
public record FunctionCall(String name, List<Expression> arguments, boolean distinct) implements Expression {
    public FunctionCall {
        Objects.requireNonNull(name, "name is null");
        name = name.toLowerCase(Locale.ROOT);
        arguments = List.copyOf(arguments);
    }

    @Override
    public String sql() {
        String args = arguments.stream().map(Expression::sql).collect(Collectors.joining(", "));
        if (name.equals("count") && arguments.size() == 1 && arguments.get(0) instanceof UnresolvedStar) {
            args = "1";
        }
        return name + "(" + (distinct ? "DISTINCT " : "") + args + ")";
    }
}
