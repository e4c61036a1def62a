package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** INTERSECT [ALL] by position, both sides of the same types; replaced by joins in the optimizer. */
public record IntersectNode(ResolvedPlan left, ResolvedPlan right, boolean all) implements ResolvedPlan {
    public IntersectNode {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
    }

    /** The left columns, nullable only when nullable on both sides. */
    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>();
        List<AttributeReference> l = left.output();
        List<AttributeReference> r = right.output();
        for (int i = 0; i < l.size(); i++) {
            out.add(l.get(i).withNullability(l.get(i).nullable() && r.get(i).nullable()));
        }
        return out;
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new IntersectNode(children.get(0), children.get(1), all);
    }
}
