package io.updraft.planner.expr;

import java.util.Objects;

/** A sort key; Spark's defaults are ASC NULLS FIRST and DESC NULLS LAST. */
public record SortOrderExpr(Expression child, boolean ascending, boolean nullsFirst) implements Expression {
    public SortOrderExpr {
        Objects.requireNonNull(child, "child is null");
    }

    public static SortOrderExpr asc(Expression e) {
        return new SortOrderExpr(e, true, true);
    }

    /** {@code e} itself when it is a sort key, else {@code e} ascending (how ORDER BY arguments read). */
    public static SortOrderExpr orAscending(Expression e) {
        return e instanceof SortOrderExpr s ? s : asc(e);
    }

    public static SortOrderExpr desc(Expression e) {
        return new SortOrderExpr(e, false, false);
    }

    @Override
    public String sql() {
        return child.sql() + (ascending ? " ASC" : " DESC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }
}
