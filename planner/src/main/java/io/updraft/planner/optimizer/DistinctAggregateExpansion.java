package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.planner.analysis.FunctionRegistry;
import io.updraft.planner.analysis.TypeCoercion;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

/**
 * The general form of Spark's RewriteDistinctAggregates (a helper of {@link RewriteDistinctAggregates}): any mix of
 * DISTINCT aggregates over different arguments, with FILTER, next to any other aggregates. An {@link ExpandNode}
 * emits every input row once per distinct group (its distinct columns set, the others null, a group id {@code gid}
 * ≥ 1) and once for the regular aggregates (gid 0, their inputs set); a first aggregate groups by the keys, gid and
 * every distinct column (making the distinct values distinct) and computes the regular aggregates; a second one
 * groups by the keys and applies each distinct aggregate to its columns of its own gid, and takes each regular
 * result from the gid 0 row ({@code first(... ignore nulls)}; count and approx_count_distinct default to 0 over no
 * rows). A FILTER on a distinct aggregate nulls its arguments where the filter is not true. Single use.
 */
final class DistinctAggregateExpansion {
    private final AggregateNode aggregate;
    private final ExprIdGenerator ids;
    /** The distinct groups: the (filtered) argument lists, semantically distinct. */
    private final List<List<ResolvedExpression>> groups = new ArrayList<>();
    /** Every expand column but keys and gid: its expression per projection is set per gid. */
    private final List<ResolvedExpression> columnExpressions = new ArrayList<>();
    /** The gid whose projection sets the column (0 = regular aggregates). */
    private final List<Integer> columnGroups = new ArrayList<>();
    private final List<AttributeReference> columns = new ArrayList<>();

    DistinctAggregateExpansion(AggregateNode aggregate, ExprIdGenerator ids) {
        this.aggregate = aggregate;
        this.ids = ids;
    }

    AggregateNode rewrite(List<AggregateFunctionExpression> calls) {
        // Keys: one expand column per grouping expression.
        List<AttributeReference> keys = new ArrayList<>();
        for (ResolvedExpression g : aggregate.groupingExpressions()) {
            // a grouping column keeps its attribute (the expand passes it through unchanged)
            keys.add(g instanceof AttributeReference a ? a : new AttributeReference(ids.next(),
                    ExpressionPrinter.pretty(g), List.of(), g.dataType(), g.nullable()));
        }
        AttributeReference gid = new AttributeReference(ids.next(), "gid", List.of(), DataTypes.IntegerType, false);
        // Distinct aggregates: their (filtered) argument lists become the distinct groups.
        List<AggregateFunctionExpression> distinct = calls.stream().filter(AggregateFunctionExpression::distinct)
                .toList();
        List<List<AttributeReference>> distinctColumns = new ArrayList<>();
        List<Integer> distinctGroup = new ArrayList<>();
        for (AggregateFunctionExpression f : distinct) {
            List<ResolvedExpression> arguments = new ArrayList<>();
            for (ResolvedExpression a : f.arguments()) {
                arguments.add(f.filter() == null ? a
                        : new CaseWhenExpression(List.of(f.filter()), List.of(a), null, a.dataType()));
            }
            int group = groupOf(arguments);
            distinctGroup.add(group);
            List<AttributeReference> attributes = new ArrayList<>();
            for (ResolvedExpression a : arguments) {
                attributes.add(column(a, group));
            }
            distinctColumns.add(attributes);
        }
        // Regular aggregates: their children (arguments, filter) become columns of the gid 0 projection.
        List<AggregateFunctionExpression> regular = calls.stream().filter(f -> !f.distinct()).toList();
        List<AliasExpression> regularResults = new ArrayList<>();
        for (AggregateFunctionExpression f : regular) {
            List<ResolvedExpression> children = new ArrayList<>();
            for (ResolvedExpression c : f.children()) {
                children.add(column(c, 0));
            }
            ResolvedExpression inner = f.withChildren(children);
            regularResults.add(new AliasExpression(inner, ExpressionPrinter.pretty(f), ids.next()));
        }
        // The expand: one projection per gid.
        List<AttributeReference> output = new ArrayList<>(keys);
        output.add(gid);
        output.addAll(columns);
        List<List<ResolvedExpression>> projections = new ArrayList<>();
        for (int g = 0; g <= groups.size(); g++) {
            List<ResolvedExpression> projection = new ArrayList<>(aggregate.groupingExpressions());
            projection.add(ConstantExpression.of(DataTypes.IntegerType, g));
            for (int c = 0; c < columns.size(); c++) {
                projection.add(columnGroups.get(c) == g ? columnExpressions.get(c)
                        : ConstantExpression.of(columns.get(c).dataType(), null));
            }
            projections.add(projection);
        }
        ExpandNode expand = new ExpandNode(aggregate.child(), projections, output);
        // First aggregate: keys, gid and every distinct column; the regular aggregates.
        List<ResolvedExpression> firstGrouping = new ArrayList<>(keys);
        firstGrouping.add(gid);
        List<NamedExpression> firstOutput = new ArrayList<>(keys);
        firstOutput.add(gid);
        for (int c = 0; c < columns.size(); c++) {
            if (columnGroups.get(c) != 0) {
                firstGrouping.add(columns.get(c));
                firstOutput.add(columns.get(c));
            }
        }
        firstOutput.addAll(regularResults);
        AggregateNode first = new AggregateNode(expand, firstGrouping, firstOutput);
        // Second aggregate: the original outputs over the first.
        List<ResolvedExpression> replacements = new ArrayList<>();
        for (int i = 0; i < distinct.size(); i++) {
            replacements.add(distinctResult(distinct.get(i), distinctColumns.get(i), gid, distinctGroup.get(i)));
        }
        List<ResolvedExpression> regularReplacements = new ArrayList<>();
        for (int i = 0; i < regular.size(); i++) {
            regularReplacements.add(regularResult(regular.get(i), regularResults.get(i).toAttribute(), gid));
        }
        List<NamedExpression> secondOutput = new ArrayList<>();
        for (NamedExpression n : aggregate.aggregateExpressions()) {
            ResolvedExpression rewritten = Expressions.replace(n instanceof AliasExpression al ? al.child() : n, e -> {
                if (e instanceof AggregateFunctionExpression f) {
                    int d = indexOf(distinct, f);
                    if (d >= 0) {
                        return replacements.get(d);
                    }
                    int r = indexOf(regular, f);
                    if (r < 0) {
                        throw new IllegalStateException("aggregate not collected: " + ExpressionPrinter.pretty(f));
                    }
                    return regularReplacements.get(r);
                }
                for (int i = 0; i < aggregate.groupingExpressions().size(); i++) {
                    if (Expressions.semanticEquals(aggregate.groupingExpressions().get(i), e)) {
                        return keys.get(i);
                    }
                }
                return null;
            });
            secondOutput.add(rewritten instanceof AttributeReference r && r.id() == n.id() ? r
                    : new AliasExpression(rewritten, n.name(), n.id()));
        }
        return new AggregateNode(first, new ArrayList<>(keys), secondOutput);
    }

    private static int indexOf(List<AggregateFunctionExpression> calls, AggregateFunctionExpression f) {
        for (int i = 0; i < calls.size(); i++) {
            if (Expressions.semanticEquals(calls.get(i), f)) {
                return i;
            }
        }
        return -1;
    }

    /** The gid (1-based) of the distinct group with these arguments, added when new. */
    private int groupOf(List<ResolvedExpression> arguments) {
        for (int g = 0; g < groups.size(); g++) {
            List<ResolvedExpression> existing = groups.get(g);
            if (existing.size() == arguments.size()) {
                boolean same = true;
                for (int i = 0; i < existing.size() && same; i++) {
                    same = Expressions.semanticEquals(existing.get(i), arguments.get(i));
                }
                if (same) {
                    return g + 1;
                }
            }
        }
        groups.add(arguments);
        return groups.size();
    }

    /** The expand column holding {@code e} in gid {@code group}'s projection (shared when already there). */
    private AttributeReference column(ResolvedExpression e, int group) {
        for (int c = 0; c < columns.size(); c++) {
            if (columnGroups.get(c) == group && Expressions.semanticEquals(columnExpressions.get(c), e)) {
                return columns.get(c);
            }
        }
        AttributeReference a = new AttributeReference(ids.next(), e instanceof NamedExpression n ? n.name()
                : ExpressionPrinter.pretty(e), List.of(), e.dataType(), true);
        columnExpressions.add(e);
        columnGroups.add(group);
        columns.add(a);
        return a;
    }

    /** f over its distinct columns, each nulled outside its own gid's rows. */
    private static ResolvedExpression distinctResult(AggregateFunctionExpression f, List<AttributeReference> columns,
                                                     AttributeReference gid, int group) {
        ResolvedExpression inGroup = TypeCoercion.comparison(CompareOp.EQUAL, gid,
                ConstantExpression.of(DataTypes.IntegerType, group));
        if (f.function() == AggregateFunction.COUNT && columns.size() > 1) {
            // count(DISTINCT a, b): the (a, b) pairs of this gid without a null
            ResolvedExpression anyNull = null;
            for (AttributeReference c : columns) {
                anyNull = anyNull == null ? new IsNullExpression(c) : new OrExpression(anyNull, new IsNullExpression(c));
            }
            ResolvedExpression one = new CaseWhenExpression(List.of(anyNull),
                    List.of(ConstantExpression.of(DataTypes.IntegerType, null)),
                    new CaseWhenExpression(List.of(inGroup), List.of(ConstantExpression.of(DataTypes.IntegerType, 1)),
                            null, DataTypes.IntegerType), DataTypes.IntegerType);
            return new AggregateFunctionExpression(AggregateFunction.COUNT, one, false, DataTypes.LongType, false,
                    null, 0, List.of(), null, f.display());
        }
        List<ResolvedExpression> arguments = new ArrayList<>();
        for (AttributeReference c : columns) {
            arguments.add(new CaseWhenExpression(List.of(inGroup), List.of(c), null, c.dataType()));
        }
        return f.withArguments(arguments.get(0), arguments.subList(1, arguments.size())).withFilter(null)
                .withDistinct(false);
    }

    /** A regular aggregate's result, read from its gid 0 row of the first aggregate. */
    private static ResolvedExpression regularResult(AggregateFunctionExpression f, AttributeReference result,
                                                    AttributeReference gid) {
        ResolvedExpression inGroup = TypeCoercion.comparison(CompareOp.EQUAL, gid,
                ConstantExpression.of(DataTypes.IntegerType, 0));
        ResolvedExpression value = new CaseWhenExpression(List.of(inGroup), List.of(result), null, result.dataType());
        ResolvedExpression picked = new AggregateFunctionExpression(AggregateFunction.FIRST, value, false,
                result.dataType(), true, null);
        if (f.function() == AggregateFunction.COUNT || f.function() == AggregateFunction.APPROX_COUNT_DISTINCT) {
            return FunctionRegistry.scalar("coalesce", List.of(picked, ConstantExpression.of(DataTypes.LongType, 0L)),
                    "coalesce");
        }
        return picked;
    }
}
