package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/** EXCEPT [ALL] by position, both sides of the same types; replaced by joins in the optimizer. */
public record ExceptNode(ResolvedPlan left, ResolvedPlan right, boolean all) implements ResolvedPlan {
    public ExceptNode {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    @Override
    public List<AttributeReference> output() {
        return left.output();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new ExceptNode(children.get(0), children.get(1), all);
    }
}
