package io.updraft.core.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.Objects;

/** IsNull test; never null. */
public record IsNull(Expr child) implements Expr {
    public IsNull {
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
