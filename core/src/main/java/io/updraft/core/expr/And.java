package io.updraft.core.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.Objects;

/** Boolean And with SQL three-valued logic. */
public record And(Expr left, Expr right) implements Expr {
    public And {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return left.nullable() || right.nullable();
    }
}
