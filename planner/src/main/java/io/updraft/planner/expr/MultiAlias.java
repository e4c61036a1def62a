package io.updraft.planner.expr;

import java.util.List;
import java.util.Objects;

/**
 * {@code generator AS (a, b)} (Spark's {@code MultiAlias}, {@code Column.as(String...)}): names every column of a
 * generator; on anything else the analyzer raises Spark's MULTI_ALIAS_WITHOUT_GENERATOR.
 */
public record MultiAlias(Expression child, List<String> names) implements Expression {
    public MultiAlias {
        Objects.requireNonNull(child, "child is null");
        names = List.copyOf(names);
    }

    @Override
    public String sql() {
        return child.sql() + " AS (" + String.join(", ", names) + ")";
    }
}
