package io.updraft.planner.optimizer;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.planner.analysis.FunctionRegistry;
import io.updraft.planner.analysis.TypeCoercion;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

/**
 * Aggregates with DISTINCT (Spark's RewriteDistinctAggregates). For one distinct group — when every DISTINCT
 * aggregate reads the same expression d, without FILTER, next to count/sum/avg/min/max/first/last — {@code Aggregate(keys, [f(DISTINCT d), g(x)])} becomes
 * {@code Aggregate(keys, [f(d), merge(g')]) over Aggregate(keys + d, [keys, d, g'(x)])}: the inner aggregate
 * makes d distinct per group and pre-aggregates the other functions (count → sum of counts, sum → sum of sums,
 * min/max → min/max, avg → sum of sums / sum of counts, first/last → first/last); the outer one applies the
 * distinct aggregates to d. Anything else (several distinct argument lists, {@code count(DISTINCT a, b)}, FILTER
 * on a distinct aggregate, other aggregates next to a distinct one) goes through an expand, as Spark's
 * ({@link DistinctAggregateExpansion}).
 */
public final class RewriteDistinctAggregates implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (!Plans.anyMatch(plan, n -> n instanceof AggregateNode a && !distinctAggregates(a).isEmpty())) {
            return plan;
        }
        ExprIdGenerator ids = new ExprIdGenerator(Plans.maxExpressionId(plan) + 1);
        return Plans.transformUp(plan, node -> node instanceof AggregateNode a && !distinctAggregates(a).isEmpty()
                ? rewrite(a, ids) : node);
    }

    private static List<AggregateFunctionExpression> aggregates(AggregateNode a) {
        List<AggregateFunctionExpression> out = new ArrayList<>();
        for (NamedExpression n : a.aggregateExpressions()) {
            Expressions.anyMatch(n, e -> {
                if (e instanceof AggregateFunctionExpression f && !out.contains(f)) {
                    out.add(f);
                }
                return false;
            });
        }
        return out;
    }

    private static List<AggregateFunctionExpression> distinctAggregates(AggregateNode a) {
        return aggregates(a).stream().filter(AggregateFunctionExpression::distinct).toList();
    }

    private static AggregateNode rewrite(AggregateNode a, ExprIdGenerator ids) {
        List<AggregateFunctionExpression> distinct = distinctAggregates(a);
        if (!singleDistinctGroup(a, distinct)) {
            return new DistinctAggregateExpansion(a, ids).rewrite(aggregates(a));
        }
        ResolvedExpression d = distinct.get(0).argument();
        // Inner aggregate: group by the keys and d.
        List<ResolvedExpression> innerGroupings = new ArrayList<>();
        List<NamedExpression> innerOutput = new ArrayList<>();
        List<AttributeReference> keyAttributes = new ArrayList<>();
        for (ResolvedExpression g : a.groupingExpressions()) {
            NamedExpression key = g instanceof AttributeReference attr ? attr
                    : new AliasExpression(g, ExpressionPrinter.pretty(g), ids.next());
            innerGroupings.add(g);
            innerOutput.add(key);
            keyAttributes.add(key.toAttribute());
        }
        NamedExpression distinctColumn = d instanceof AttributeReference attr ? attr
                : new AliasExpression(d, ExpressionPrinter.pretty(d), ids.next());
        innerGroupings.add(d);
        if (innerOutput.stream().noneMatch(n -> n.id() == distinctColumn.id())) {
            innerOutput.add(distinctColumn);
        }
        // Regular aggregates are pre-aggregated per (keys, d) and merged by the outer aggregate.
        List<AggregateFunctionExpression> regular = aggregates(a).stream().filter(f -> !f.distinct()).toList();
        List<ResolvedExpression> merged = new ArrayList<>();
        for (AggregateFunctionExpression f : regular) {
            merged.add(merge(f, innerOutput, ids));
        }
        AggregateNode inner = new AggregateNode(a.child(), innerGroupings, innerOutput);
        // Outer aggregate: the same outputs (names and ids), over the inner one.
        List<NamedExpression> outerOutput = new ArrayList<>();
        for (NamedExpression n : a.aggregateExpressions()) {
            ResolvedExpression rewritten = Expressions.replace(n instanceof AliasExpression al ? al.child() : n, e -> {
                if (e instanceof AggregateFunctionExpression f) {
                    if (f.distinct()) {
                        return f.withDistinct(false).withArgument(distinctColumn.toAttribute());
                    }
                    return merged.get(regular.indexOf(f));
                }
                for (int i = 0; i < a.groupingExpressions().size(); i++) {
                    if (Expressions.semanticEquals(a.groupingExpressions().get(i), e)) {
                        return keyAttributes.get(i);
                    }
                }
                return null;
            });
            outerOutput.add(rewritten instanceof AttributeReference r && r.id() == n.id() ? r
                    : new AliasExpression(rewritten, n.name(), n.id()));
        }
        return new AggregateNode(inner, new ArrayList<>(keyAttributes), outerOutput);
    }

    /**
     * Whether the two-aggregate rewrite applies: every DISTINCT aggregate reads the same single expression without
     * a FILTER, and every other aggregate can be pre-aggregated and merged (else the expand does it all).
     */
    private static boolean singleDistinctGroup(AggregateNode a, List<AggregateFunctionExpression> distinct) {
        ResolvedExpression d = distinct.get(0).argument();
        for (AggregateFunctionExpression f : distinct) {
            if (f.filter() != null || !f.moreArguments().isEmpty() || !Expressions.semanticEquals(f.argument(), d)) {
                return false;
            }
        }
        for (AggregateFunctionExpression f : aggregates(a)) {
            if (!f.distinct() && !MERGEABLE.contains(f.function())) {
                return false;
            }
        }
        return true;
    }

    private static final java.util.Set<AggregateFunction> MERGEABLE = java.util.EnumSet.of(AggregateFunction.COUNT,
            AggregateFunction.SUM, AggregateFunction.MIN, AggregateFunction.MAX, AggregateFunction.FIRST,
            AggregateFunction.LAST, AggregateFunction.AVG);

    /** Adds f's partial form(s) to the inner output; returns the outer expression merging them. */
    private static ResolvedExpression merge(AggregateFunctionExpression f, List<NamedExpression> innerOutput,
                                            ExprIdGenerator ids) {
        return switch (f.function()) {
            case COUNT -> {
                AttributeReference partial = partial(f, innerOutput, ids);
                AggregateFunctionExpression sum = sum(partial);
                yield FunctionRegistry.scalar("coalesce", List.of(sum, ConstantExpression.of(DataTypes.LongType, 0L)),
                        "coalesce");
            }
            case SUM -> TypeCoercion.cast(sum(partial(f, innerOutput, ids)), f.dataType());
            case MIN, MAX, FIRST, LAST -> new AggregateFunctionExpression(f.function(), partial(f, innerOutput, ids),
                    false, f.dataType(), f.ignoreNulls(), null);
            case AVG -> {
                AggregateFunctionExpression sumPart = new AggregateFunctionExpression(AggregateFunction.SUM,
                        f.argument(), false, AggregateCall.resultType(AggregateFunction.SUM, f.argument().dataType()),
                        false, f.filter());
                AggregateFunctionExpression countPart = new AggregateFunctionExpression(AggregateFunction.COUNT,
                        f.argument(), false, DataTypes.LongType, false, f.filter());
                ResolvedExpression quotient = TypeCoercion.arithmetic(ArithmeticOp.DIVIDE,
                        sum(partial(sumPart, innerOutput, ids)), sum(partial(countPart, innerOutput, ids)));
                yield TypeCoercion.cast(quotient, f.dataType());
            }
            default -> throw AnalysisErrors.unsupported(ExpressionPrinter.pretty(f)
                    + " next to a DISTINCT aggregate");
        };
    }

    private static AttributeReference partial(AggregateFunctionExpression f, List<NamedExpression> innerOutput,
                                              ExprIdGenerator ids) {
        AliasExpression alias = new AliasExpression(f, ExpressionPrinter.pretty(f), ids.next());
        innerOutput.add(alias);
        return alias.toAttribute();
    }

    private static AggregateFunctionExpression sum(AttributeReference partial) {
        return new AggregateFunctionExpression(AggregateFunction.SUM, partial, false,
                AggregateCall.resultType(AggregateFunction.SUM, partial.dataType()));
    }
}
