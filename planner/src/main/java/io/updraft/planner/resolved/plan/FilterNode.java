package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.sql.types.BooleanType;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Keeps rows where {@code condition} is true. As in Spark, a column tested by an {@code IS NOT NULL}
 * conjunct is not nullable in the output.
 */
public record FilterNode(ResolvedPlan child, ResolvedExpression condition) implements ResolvedPlan {
    public FilterNode {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(condition, "condition is null");
        if (!(condition.dataType() instanceof BooleanType)) {
            throw new IllegalArgumentException("filter condition must be boolean, was " + condition.dataType());
        }
    }

    @Override
    public List<AttributeReference> output() {
        Set<Long> notNull = new HashSet<>();
        for (ResolvedExpression c : Expressions.conjuncts(condition)) {
            if (c instanceof IsNotNullExpression n && n.child() instanceof AttributeReference a) {
                notNull.add(a.id());
            }
        }
        List<AttributeReference> out = child.output();
        if (notNull.isEmpty()) {
            return out;
        }
        return out.stream().map(a -> notNull.contains(a.id()) ? a.withNullability(false) : a).toList();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new FilterNode(children.get(0), condition);
    }
}
