package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/**
 * At most {@code limit} rows per task (Spark's LocalLimit): placed by limit pushdown under a global limit that
 * still applies the exact count. Never changes a query's result, only how much data flows.
 */
public record LocalLimitNode(ResolvedPlan child, long limit) implements ResolvedPlan {
    public LocalLimitNode {
        Objects.requireNonNull(child, "child is null");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
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
        return new LocalLimitNode(children.get(0), limit);
    }
}
