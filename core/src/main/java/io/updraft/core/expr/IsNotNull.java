package io.updraft.core.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.Objects;

/** IsNotNull test; never null. */
public record IsNotNull(Expr child) implements Expr {
    public IsNotNull {
        Objects.requireNonNull(child, "child is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return false;
    }
}
