package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.List;
import java.util.Objects;

/** Global sort (ORDER BY), or not global: each partition's rows sorted where they are (sortWithinPartitions). */
public record SortNode(ResolvedPlan child, List<SortOrder> order, boolean global) implements ResolvedPlan {
    public SortNode {
        Objects.requireNonNull(child, "child is null");
        order = List.copyOf(order);
    }

    /** A global sort. */
    public SortNode(ResolvedPlan child, List<SortOrder> order) {
        this(child, order, true);
    }

    /** This sort over another child. */
    public SortNode withChild(ResolvedPlan newChild) {
        return new SortNode(newChild, order, global);
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
        return new SortNode(children.get(0), order, global);
    }
}
