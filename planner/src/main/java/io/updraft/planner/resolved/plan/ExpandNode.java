package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.List;
import java.util.Objects;

/**
 * Emits one row per projection for every input row (Spark's Expand, used for GROUPING SETS / ROLLUP / CUBE):
 * every projection has one expression per {@code output} column, of that column's type.
 */
public record ExpandNode(ResolvedPlan child, List<List<ResolvedExpression>> projections,
                         List<AttributeReference> output) implements ResolvedPlan {
    public ExpandNode {
        Objects.requireNonNull(child, "child is null");
        projections = projections.stream().map(List::copyOf).toList();
        output = List.copyOf(output);
        for (List<ResolvedExpression> p : projections) {
            if (p.size() != output.size()) {
                throw new IllegalArgumentException("projection of " + p.size() + " expressions for " + output.size()
                        + " columns");
            }
        }
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new ExpandNode(children.get(0), projections, output);
    }
}
