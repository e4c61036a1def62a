package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.Objects;

/** The value of input column {@code index}. */
public record ColumnRef(int index, DataType dataType, boolean nullable) implements Expr {
    public ColumnRef {
        if (index < 0) {
            throw new IllegalArgumentException("column index " + index + " < 0");
        }
        Objects.requireNonNull(dataType, "dataType is null");
    }
}
