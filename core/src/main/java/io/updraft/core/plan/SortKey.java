package io.updraft.core.plan;

import io.updraft.core.expr.Expr;

import java.util.Objects;

/** One sort key. Spark's defaults: ascending puts nulls first, descending puts nulls last. */
public record SortKey(Expr expr, boolean ascending, boolean nullsFirst) {
    public SortKey {
        Objects.requireNonNull(expr, "expr is null");
    }
}
