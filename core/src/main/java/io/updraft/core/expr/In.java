package io.updraft.core.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** {@code value IN (list...)}: true on a match, null when none matches and value or an element is null. */
public record In(Expr value, List<Expr> list) implements Expr {
    public In {
        Objects.requireNonNull(value, "value is null");
        list = List.copyOf(list);
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return value.nullable() || list.stream().anyMatch(Expr::nullable);
    }
}
