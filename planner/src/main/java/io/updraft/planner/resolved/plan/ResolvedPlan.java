package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * An analyzed logical plan: every name resolved to an {@link AttributeReference}, every expression typed.
 * The analyzer produces it, optimizer rules rewrite it, the physical planner turns it into stages.
 * Immutable records.
 */
public sealed interface ResolvedPlan permits ScanNode, SubqueryAliasNode, ProjectNode, FilterNode, AggregateNode,
        SortNode, LimitNode, JoinNode, UnionNode, IntersectNode, ExceptNode, DistinctNode, DeduplicateNode, WindowNode,
        ExpandNode, RepartitionNode, LocalLimitNode, BroadcastHintNode, MapPartitionsNode, LocalRelationNode,
        GenerateNode {

    /** The columns this operator produces, in order. */
    List<AttributeReference> output();

    List<ResolvedPlan> children();

    /** A copy with the children replaced (same count as {@link #children()}). */
    ResolvedPlan withChildren(List<ResolvedPlan> children);

    /** The output as a schema: names, types and nullability. */
    default StructType schema() {
        List<StructField> fields = new ArrayList<>();
        for (AttributeReference a : output()) {
            fields.add(new StructField(a.name(), a.dataType(), a.nullable()));
        }
        return new StructType(fields);
    }
}
