package io.updraft.planner.physical;

import io.updraft.core.plan.AggregateMode;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.NamedExpression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Hash aggregation in one {@link AggregateMode}. Output: the grouping keys, then {@code resultAttributes}:
 * the partial state columns of every aggregate (PARTIAL, layout of
 * {@link io.updraft.core.plan.AggregateCall#stateTypes()}) or one result per aggregate (FINAL, COMPLETE).
 * In FINAL mode the keys are the partial output's key attributes and aggregate arguments are not read.
 */
public record HashAggregateExec(PhysicalNode child, AggregateMode mode, List<NamedExpression> groupingKeys,
                                List<AggregateFunctionExpression> aggregates, List<AttributeReference> resultAttributes)
        implements PhysicalNode {
    public HashAggregateExec {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(mode, "mode is null");
        groupingKeys = List.copyOf(groupingKeys);
        aggregates = List.copyOf(aggregates);
        resultAttributes = List.copyOf(resultAttributes);
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>();
        groupingKeys.forEach(k -> out.add(k.toAttribute()));
        out.addAll(resultAttributes);
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
