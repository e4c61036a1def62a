package io.updraft.planner.analysis;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.GroupingExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

/**
 * GROUP BY with GROUPING SETS / ROLLUP / CUBE as Spark plans it: an Expand emits every input row once per grouping
 * set, with the grouping columns absent from that set replaced by null and a bigint {@code spark_grouping_id}
 * whose bit (n - 1 - i) is set when the i-th grouping column is absent; the Aggregate groups by the expanded
 * grouping columns and the id. Aggregate functions read the original (never nulled) input columns.
 * {@code grouping(c)} is {@code (spark_grouping_id div 2^(n-1-i)) % 2}; {@code grouping_id(c1..ck)} combines those
 * bits, first column most significant. A grouping column whose type holds a map is expanded as {@code map_sort(c)}
 * ({@link MapGroupingKeys}), so maps with the same entries in another order are one group, as in Spark 4.2.
 * Stateless.
 */
final class GroupingSetsAnalysis {
    static final String GROUPING_ID = "spark_grouping_id";

    private GroupingSetsAnalysis() {
    }

    static ResolvedPlan aggregate(Analyzer.Run run, ResolvedPlan child, List<Expression> groupingItems,
                                  List<Expression> aggregateExpressions) {
        Scope scope = run.scope(child.output());
        List<NamedExpression> named = run.resolver.resolveNamedList(aggregateExpressions, scope);
        // The sets, as lists of unresolved expressions: plain items belong to every set; several grouping-analytics
        // items combine as a cross product.
        List<List<Expression>> sets = new ArrayList<>();
        sets.add(List.of());
        for (Expression item : groupingItems) {
            List<List<Expression>> next = new ArrayList<>();
            for (List<Expression> set : sets) {
                if (item instanceof GroupingSets g) {
                    for (List<Expression> s : g.sets()) {
                        List<Expression> combined = new ArrayList<>(set);
                        combined.addAll(s);
                        next.add(combined);
                    }
                } else {
                    List<Expression> combined = new ArrayList<>(set);
                    combined.add(item);
                    next.add(combined);
                }
            }
            sets = next;
        }
        List<Expression> distinct = new ArrayList<>();
        sets.forEach(s -> s.forEach(e -> {
            if (!distinct.contains(e)) {
                distinct.add(e);
            }
        }));
        List<ResolvedExpression> columns = new ArrayList<>();
        for (ResolvedExpression r : run.resolveGroupings(distinct, scope, named)) {
            if (columns.stream().noneMatch(c -> Expressions.semanticEquals(c, r))) {
                columns.add(r);
            }
        }
        int n = columns.size();
        List<AttributeReference> expanded = new ArrayList<>();
        for (ResolvedExpression c : columns) {
            String name = c instanceof AttributeReference a ? a.name() : ExpressionPrinter.pretty(c);
            List<String> qualifier = c instanceof AttributeReference a ? a.qualifier() : List.<String>of();
            expanded.add(new AttributeReference(run.ids.next(), name, qualifier, c.dataType(), true));
        }
        AttributeReference groupingId = new AttributeReference(run.ids.next(), GROUPING_ID, List.of(),
                DataTypes.LongType, false);
        List<AttributeReference> output = new ArrayList<>(child.output());
        output.addAll(expanded);
        output.add(groupingId);
        List<List<ResolvedExpression>> projections = new ArrayList<>();
        for (List<Expression> set : sets) {
            List<ResolvedExpression> members = run.resolveGroupings(set, scope, named);
            List<ResolvedExpression> projection = new ArrayList<>(child.output());
            long id = 0;
            for (int i = 0; i < n; i++) {
                ResolvedExpression c = columns.get(i);
                boolean present = members.stream().anyMatch(m -> Expressions.semanticEquals(m, c));
                // a key holding a map is expanded key-sorted, so the aggregate groups it as plain GROUP BY does
                // (MapGroupingKeys; Spark 4.2 groups ROLLUP/CUBE/GROUPING SETS keys so, checked live)
                ResolvedExpression value = c.dataType().containsMap() ? MapGroupingKeys.sorted(c) : c;
                projection.add(present ? value : ConstantExpression.of(c.dataType(), null));
                if (!present) {
                    id |= 1L << (n - 1 - i);
                }
            }
            projection.add(ConstantExpression.of(DataTypes.LongType, id));
            projections.add(projection);
        }
        ExpandNode expand = new ExpandNode(child, projections, output);
        List<NamedExpression> rewritten = new ArrayList<>();
        for (NamedExpression item : named) {
            ResolvedExpression r = Expressions.replace(item, e -> {
                if (e instanceof AggregateFunctionExpression) {
                    return e;
                }
                if (e instanceof GroupingExpression g) {
                    return groupingValue(g, columns, groupingId);
                }
                for (int i = 0; i < n; i++) {
                    if (!(e instanceof NamedExpression) || e instanceof AttributeReference) {
                        if (Expressions.semanticEquals(columns.get(i), e)) {
                            return expanded.get(i);
                        }
                    }
                }
                return null;
            });
            rewritten.add(r instanceof NamedExpression ne ? ne
                    : new io.updraft.planner.resolved.expr.AliasExpression(r, item.name(), item.id()));
        }
        List<ResolvedExpression> groupings = new ArrayList<>(expanded);
        groupings.add(groupingId);
        return run.aggregateWithWindows(expand, groupings, rewritten);
    }

    /** grouping(c) / grouping_id(cs) over the grouping id column. */
    private static ResolvedExpression groupingValue(GroupingExpression g, List<ResolvedExpression> columns,
                                                    AttributeReference groupingId) {
        int n = columns.size();
        List<ResolvedExpression> wanted = g.columns();
        if (g.id() && wanted.isEmpty()) {
            return groupingId;
        }
        ResolvedExpression result = null;
        for (int k = 0; k < wanted.size(); k++) {
            int index = -1;
            for (int i = 0; i < n; i++) {
                if (Expressions.semanticEquals(columns.get(i), wanted.get(k))) {
                    index = i;
                }
            }
            if (index < 0) {
                throw AnalysisErrors.groupingColumnMismatch(ExpressionPrinter.pretty(g),
                        columns.stream().map(ExpressionPrinter::pretty).toList());
            }
            ResolvedExpression bit = new ArithmeticExpression(ArithmeticOp.MOD,
                    new ArithmeticExpression(ArithmeticOp.DIVIDE, groupingId,
                            ConstantExpression.of(DataTypes.LongType, 1L << (n - 1 - index)), DataTypes.LongType),
                    ConstantExpression.of(DataTypes.LongType, 2L), DataTypes.LongType);
            if (!g.id()) {
                return TypeCoercion.cast(bit, DataTypes.IntegerType);
            }
            ResolvedExpression shifted = new ArithmeticExpression(ArithmeticOp.MULTIPLY, bit,
                    ConstantExpression.of(DataTypes.LongType, 1L << (wanted.size() - 1 - k)), DataTypes.LongType);
            result = result == null ? shifted
                    : new ArithmeticExpression(ArithmeticOp.ADD, result, shifted, DataTypes.LongType);
        }
        return result;
    }
}
