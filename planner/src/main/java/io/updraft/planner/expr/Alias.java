package io.updraft.planner.expr;

import java.util.Objects;

/** {@code child AS name}. */
public record Alias(Expression child, String name) implements Expression {
    public Alias {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(name, "name is null");
    }

    @Override
    public String sql() {
        return name;
    }
}
