package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.ArrayList;
import java.util.List;

/**
 * UNION ALL by position. Every child has the same column types (the analyzer casts); the output takes the
 * first child's attributes, nullable when the column is nullable in any child.
 */
public record UnionNode(List<ResolvedPlan> children) implements ResolvedPlan {
    public UnionNode {
        children = List.copyOf(children);
        if (children.size() < 2) {
            throw new IllegalArgumentException("a union needs at least two children");
        }
        int width = children.get(0).output().size();
        for (ResolvedPlan c : children) {
            if (c.output().size() != width) {
                throw new IllegalArgumentException("union children differ in width: " + width + " and "
                        + c.output().size());
            }
        }
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> first = children.get(0).output();
        List<AttributeReference> out = new ArrayList<>(first.size());
        for (int i = 0; i < first.size(); i++) {
            boolean nullable = false;
            for (ResolvedPlan c : children) {
                nullable |= c.output().get(i).nullable();
            }
            out.add(first.get(i).withNullability(nullable));
        }
        return out;
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> newChildren) {
        return new UnionNode(newChildren);
    }
}
