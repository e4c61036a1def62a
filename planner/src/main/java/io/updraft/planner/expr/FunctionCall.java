package io.updraft.planner.expr;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A call by Spark function name (scalar or aggregate: "sum", "avg", "count", "substring", ...).
 * {@code count(*)} is {@code FunctionCall("count", [UnresolvedStar(null)], false)}. {@code filter} (null when
 * absent) is an aggregate's {@code FILTER (WHERE ...)} clause; only aggregate calls may have one.
 * {@code a div b} is {@code FunctionCall("div", [a, b], false)}.
 */
public record FunctionCall(String name, List<Expression> arguments, boolean distinct, Expression filter)
        implements Expression {
    public FunctionCall {
        Objects.requireNonNull(name, "name is null");
        name = name.toLowerCase(Locale.ROOT);
        arguments = List.copyOf(arguments);
    }

    /** A call without a FILTER clause. */
    public FunctionCall(String name, List<Expression> arguments, boolean distinct) {
        this(name, arguments, distinct, null);
    }

    @Override
    public String sql() {
        if (name.equals("div") && arguments.size() == 2 && !distinct) {
            return "(" + arguments.get(0).sql() + " div " + arguments.get(1).sql() + ")";
        }
        String args = arguments.stream().map(Expression::sql).collect(Collectors.joining(", "));
        if (name.equals("count") && arguments.size() == 1 && arguments.get(0) instanceof UnresolvedStar) {
            args = "1";
        }
        return name + "(" + (distinct ? "DISTINCT " : "") + args + ")"
                + (filter == null ? "" : " FILTER (WHERE " + filter.sql() + ")");
    }
}
