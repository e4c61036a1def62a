package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;

import java.util.ArrayList;
import java.util.List;

/**
 * Spark 4.2's grouping by maps (InsertMapSortInGroupingExpressions): a grouping key whose type holds a map at any
 * depth (a map, a map of maps, a struct or an array holding one) is grouped as {@code map_sort(key)}, which sorts
 * the entries of every map in it by key, so values holding the same entries in another order are one group; the
 * select list reads the sorted value where it reads the key (names unchanged: a bare column keeps its name). The
 * grouping sets, ROLLUP and CUBE sort them in their Expand ({@link GroupingSetsAnalysis}). The
 * arguments of DISTINCT aggregates are not sorted: Spark 4.2 counts {@code count(DISTINCT m)} by entry order.
 * Checked live against Spark 4.2 (bench's cases {@code group_by_map}, {@code group_by_nested_maps},
 * {@code count_distinct_of_nested_maps}). Stateless.
 */
final class MapGroupingKeys {
    private MapGroupingKeys() {
    }

    record Rewritten(List<ResolvedExpression> groupings, List<NamedExpression> outputs) {
    }

    static boolean any(List<ResolvedExpression> groupings) {
        return groupings.stream().anyMatch(g -> g.dataType().containsMap());
    }

    static Rewritten rewrite(List<ResolvedExpression> groupings, List<NamedExpression> outputs, ExprIdGenerator ids) {
        List<ResolvedExpression> maps = groupings.stream().filter(g -> g.dataType().containsMap()).toList();
        List<ResolvedExpression> newGroupings = groupings.stream()
                .map(g -> g.dataType().containsMap() ? sorted(g) : g).toList();
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
            if (a.dataType().containsMap()) {
                throw new io.updraft.core.error.AnalysisException("UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE",
                        "0A000", "The feature is not supported: Cannot have MAP type columns in DataFrame which calls"
                        + " set operations (INTERSECT, EXCEPT, etc.), but the type of column " + AnalysisErrors.quoteId(
                        a.name()) + " is " + AnalysisErrors.quoteType(a.dataType()) + ".");
            }
        }
        return plan;
    }

    private static ResolvedExpression replace(ResolvedExpression e, List<ResolvedExpression> maps) {
        return Expressions.replace(e, x -> x instanceof AggregateFunctionExpression ? x
                : maps.stream().anyMatch(g -> Expressions.semanticEquals(g, x)) ? sorted(x) : null);
    }

    /** {@code map_sort(map)}: every map in the value sorted by key. */
    static ResolvedExpression sorted(ResolvedExpression map) {
        return new ScalarFunctionExpression("map_sort", List.of(map), map.dataType(), map.nullable());
    }
}
