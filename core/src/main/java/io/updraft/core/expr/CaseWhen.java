package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/** CASE WHEN c1 THEN v1 ... ELSE e END; a null condition counts as false; no ELSE means null. */
public record CaseWhen(List<Expr> conditions, List<Expr> values, Expr elseValue, DataType dataType) implements Expr {
    public CaseWhen {
        conditions = List.copyOf(conditions);
        values = List.copyOf(values);
        if (conditions.size() != values.size() || conditions.isEmpty()) {
            throw new IllegalArgumentException("CASE needs one value per condition and at least one branch");
        }
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public boolean nullable() {
        return true;
    }
}
