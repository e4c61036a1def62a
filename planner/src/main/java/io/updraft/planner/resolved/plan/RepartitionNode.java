package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.List;
import java.util.Objects;

/**
 * A user-requested exchange: ROUND_ROBIN ({@code repartition(n)}), HASH of the keys' expressions
 * ({@code repartition(cols)}; directions ignored), RANGE of the keys ({@code repartitionByRange}), or COALESCE
 * (concatenate task outputs into at most n groups). {@code numPartitions} 0 means the configured
 * {@code shufflePartitions}.
 */
public record RepartitionNode(ResolvedPlan child, Kind kind, int numPartitions, List<SortOrder> keys)
        implements ResolvedPlan {
    public enum Kind {
        ROUND_ROBIN, HASH, RANGE, COALESCE
    }

    public RepartitionNode {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(kind, "kind is null");
        keys = List.copyOf(keys);
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
        return new RepartitionNode(children.get(0), kind, numPartitions, keys);
    }
}
