package io.updraft.core.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.Objects;

/** {@code left op right}, boolean. Strings compare by UTF-8 bytes, as Spark. */
public record Comparison(CompareOp op, Expr left, Expr right) implements Expr {
    public Comparison {
        Objects.requireNonNull(op, "op is null");
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return op != CompareOp.EQUAL_NULL_SAFE && (left.nullable() || right.nullable());
    }
}
