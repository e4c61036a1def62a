package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.MapType;

import java.util.ArrayList;
import java.util.List;

/**
 * Spark 4's grouping by maps (InsertMapSortInGroupingExpressions): a map grouping key is grouped as
 * {@code map_sort(key)}, its entries in key order, so maps holding the same entries in another order are one group;
 * the select list reads the sorted map where it reads the key (names unchanged: a bare column keeps its name).
 * Checked live against Spark 4.2 ({@code GROUP BY m} of {b -> 1, a -> 2} and {a -> 2, b -> 1} is one group, shown
 * as {a -> 2, b -> 1}). Maps nested inside structs or arrays are not sorted (grouped by entry order). Stateless.
 */
final class MapGroupingKeys {
    private MapGroupingKeys() {
    }

    record Rewritten(List<ResolvedExpression> groupings, List<NamedExpression> outputs) {
    }

    static boolean any(List<ResolvedExpression> groupings) {
        return groupings.stream().anyMatch(g -> g.dataType() instanceof MapType);
    }

    static Rewritten rewrite(List<ResolvedExpression> groupings, List<NamedExpression> outputs, ExprIdGenerator ids) {
        List<ResolvedExpression> maps = groupings.stream().filter(g -> g.dataType() instanceof MapType).toList();
        List<ResolvedExpression> newGroupings = groupings.stream()
                .map(g -> g.dataType() instanceof MapType ? sorted(g) : g).toList();
        List<NamedExpression> newOutputs = new ArrayList<>();
        for (NamedExpression n : outputs) {
            if (n instanceof AttributeReference a && maps.stream().anyMatch(g -> Expressions.semanticEquals(g, a))) {
                newOutputs.add(new AliasExpression(sorted(a), a.name(), ids.next()));
            } else if (n instanceof AliasExpression alias) {
                ResolvedExpression child = replace(alias.child(), maps);
                newOutputs.add(child == alias.child() ? alias : new AliasExpression(child, alias.name(), alias.id()));
            } else {
                newOutputs.add(n);
            }
        }
        return new Rewritten(newGroupings, newOutputs);
    }

    /**
     * DISTINCT, INTERSECT and EXCEPT compare whole rows, which Spark refuses for map columns
     * (UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE, checked live); returns {@code plan} when it has none.
     */
    static io.updraft.planner.resolved.plan.ResolvedPlan checkNoMapColumns(
            io.updraft.planner.resolved.plan.ResolvedPlan plan) {
        for (AttributeReference a : plan.output()) {
            if (containsMap(a.dataType())) {
                throw new io.updraft.core.error.AnalysisException("UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE",
                        "0A000", "The feature is not supported: Cannot have MAP type columns in DataFrame which calls"
                        + " set operations (INTERSECT, EXCEPT, etc.), but the type of column " + AnalysisErrors.quoteId(
                        a.name()) + " is " + AnalysisErrors.quoteType(a.dataType()) + ".");
            }
        }
        return plan;
    }

    static boolean containsMap(io.updraft.sql.types.DataType type) {
        return switch (type) {
            case MapType m -> true;
            case io.updraft.sql.types.ArrayType a -> containsMap(a.elementType());
            case io.updraft.sql.types.StructType s -> s.fieldList().stream().anyMatch(f -> containsMap(f.dataType()));
            default -> false;
        };
    }

    private static ResolvedExpression replace(ResolvedExpression e, List<ResolvedExpression> maps) {
        return Expressions.replace(e, x -> x instanceof AggregateFunctionExpression ? x
                : maps.stream().anyMatch(g -> Expressions.semanticEquals(g, x)) ? sorted(x) : null);
    }

    private static ResolvedExpression sorted(ResolvedExpression map) {
        return new ScalarFunctionExpression("map_sort", List.of(map), map.dataType(), map.nullable());
    }
}
