package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** Skips {@code offset} rows, then returns at most {@code limit} rows. */
public record LimitNode(ResolvedPlan child, long limit, long offset) implements ResolvedPlan {
    public LimitNode {
        Objects.requireNonNull(child, "child is null");
        if (limit < 0 || offset < 0) {
            throw new IllegalArgumentException("limit and offset must be >= 0, were " + limit + ", " + offset);
        }
    }

    @Override
    public List<AttributeReference> output() {
        return child.output();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new LimitNode(children.get(0), limit, offset);
    }
}
