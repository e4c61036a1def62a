package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.ArrayList;
import java.util.List;

/**
 * UNION ALL of children with the same partition count: task p concatenates partition p of every child.
 * Output: the first child's columns, nullable when nullable in any child.
 */
public record UnionExec(List<PhysicalNode> children, PhysicalPartitioning partitioning) implements PhysicalNode {
    public UnionExec {
        children = List.copyOf(children);
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> first = children.get(0).output();
        List<AttributeReference> out = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            boolean nullable = false;
            for (PhysicalNode c : children) {
                nullable |= c.output().get(i).nullable();
            }
            out.add(first.get(i).withNullability(nullable));
        }
        return out;
    }
}
