package io.updraft.planner.expr;

import io.updraft.core.expr.Literal;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.StringType;

import java.time.LocalDate;
import java.util.Objects;

/** A typed constant. */
public record LiteralValue(Literal literal) implements Expression {
    public LiteralValue {
        Objects.requireNonNull(literal, "literal is null");
    }

    @Override
    public String sql() {
        Object v = literal.value();
        if (v == null) {
            return "NULL";
        }
        return switch (literal.dataType()) {
            case StringType s -> v.toString();
            case DateType d -> "DATE '" + LocalDate.ofEpochDay((Integer) v) + "'";
            default -> v.toString();
        };
    }
}
