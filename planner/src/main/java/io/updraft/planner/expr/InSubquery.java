package io.updraft.planner.expr;

import io.updraft.planner.logical.LogicalPlan;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * {@code values IN (SELECT ...)}: the plan produces one column per value. {@code NOT IN} is
 * {@code LogicalNot(InSubquery(...))} (null-aware, as SQL: a null in the subquery makes NOT IN null).
 */
public record InSubquery(List<Expression> values, LogicalPlan plan) implements Expression {
    public InSubquery {
        values = List.copyOf(values);
        Objects.requireNonNull(plan, "plan is null");
        if (values.isEmpty()) {
            throw new IllegalArgumentException("IN subquery needs at least one value");
        }
    }

    @Override
    public String sql() {
        String v = values.size() == 1 ? values.get(0).sql()
                : values.stream().map(Expression::sql).collect(Collectors.joining(", ", "named_struct(", ")"));
        return "(" + v + " IN (listquery()))";
    }
}
