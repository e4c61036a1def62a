package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Window functions over partitions: each task holds whole partitions (the input is hash-partitioned on
 * {@code partitionSpec}, or gathered when there is none); the engine's Window sorts its input itself.
 * Output: the child's columns, then one per window expression.
 */
public record WindowExec(PhysicalNode child, List<AliasExpression> windowExpressions,
                         List<ResolvedExpression> partitionSpec, List<SortOrder> orderSpec) implements PhysicalNode {
    public WindowExec {
        Objects.requireNonNull(child, "child is null");
        windowExpressions = List.copyOf(windowExpressions);
        partitionSpec = List.copyOf(partitionSpec);
        orderSpec = List.copyOf(orderSpec);
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>(child.output());
        windowExpressions.forEach(w -> out.add(w.toAttribute()));
        return out;
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of(child);
    }

    @Override
    public PhysicalPartitioning partitioning() {
        return child.partitioning();
    }
}
