package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.Objects;

/**
 * Spark's non-ANSI cast: a value that does not convert (bad string, decimal overflow) becomes null;
 * decimals round HALF_UP; double to integral truncates.
 */
public record Cast(Expr child, DataType dataType) implements Expr {
    public Cast {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public boolean nullable() {
        return true;
    }
}
