package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Computes window functions sharing one PARTITION BY / ORDER BY: each entry of {@code windowExpressions} is an
 * alias of a {@link WindowExpression} with exactly this {@code partitionSpec} and {@code orderSpec}. Output: the
 * child's columns, then one column per window expression (Spark's Window node).
 */
public record WindowNode(ResolvedPlan child, List<AliasExpression> windowExpressions,
                         List<ResolvedExpression> partitionSpec, List<SortOrder> orderSpec) implements ResolvedPlan {
    public WindowNode {
        Objects.requireNonNull(child, "child is null");
        windowExpressions = List.copyOf(windowExpressions);
        partitionSpec = List.copyOf(partitionSpec);
        orderSpec = List.copyOf(orderSpec);
        for (AliasExpression a : windowExpressions) {
            if (!(a.child() instanceof WindowExpression)) {
                throw new IllegalArgumentException("a window node computes window expressions only, not " + a.child());
            }
        }
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>(child.output());
        windowExpressions.forEach(w -> out.add(w.toAttribute()));
        return out;
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new WindowNode(children.get(0), windowExpressions, partitionSpec, orderSpec);
    }
}
