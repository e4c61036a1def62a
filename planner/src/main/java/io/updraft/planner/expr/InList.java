package io.updraft.planner.expr;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** {@code value IN (list)}. */
public record InList(Expression value, List<Expression> list) implements Expression {
    public InList {
        Objects.requireNonNull(value, "value is null");
        list = List.copyOf(list);
    }

    @Override
    public String sql() {
        return "(" + value.sql() + " IN (" + list.stream().map(Expression::sql).collect(Collectors.joining(", ")) + "))";
    }
}
