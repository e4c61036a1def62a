package io.updraft.planner.resolved.expr;

import java.util.Objects;

/** One resolved sort key. Spark's defaults: ASC NULLS FIRST, DESC NULLS LAST. */
public record SortOrder(ResolvedExpression child, boolean ascending, boolean nullsFirst) {
    public SortOrder {
        Objects.requireNonNull(child, "child is null");
    }

    public SortOrder withChild(ResolvedExpression newChild) {
        return new SortOrder(newChild, ascending, nullsFirst);
    }
}
