package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites a HAVING or ORDER BY expression, resolved against an Aggregate's input, into one over the
 * Aggregate's output: aggregate calls and grouping expressions become references to output columns,
 * adding hidden output columns when the select list lacks them (Spark's ResolveAggregateFunctions).
 * Single use; not thread-safe.
 */
final class AggregateRewrite {
    private final AggregateNode aggregate;
    private final ExprIdGenerator ids;
    private final List<NamedExpression> added = new ArrayList<>();

    AggregateRewrite(AggregateNode aggregate, ExprIdGenerator ids) {
        this.aggregate = aggregate;
        this.ids = ids;
    }

    ResolvedExpression rewrite(ResolvedExpression expr) {
        return rewrite(expr, e -> null);
    }

    /**
     * As {@link #rewrite(ResolvedExpression)}, but nodes for which {@code first} returns non-null are replaced by
     * that value and not visited (window expressions, for example).
     */
    ResolvedExpression rewrite(ResolvedExpression expr,
                               java.util.function.Function<ResolvedExpression, ResolvedExpression> first) {
        return Expressions.replace(expr, e -> {
            ResolvedExpression replaced = first.apply(e);
            if (replaced != null) {
                return replaced;
            }
            if (e instanceof AttributeReference a && outputIds().contains(a.id())) {
                return a;
            }
            if (e instanceof AggregateFunctionExpression
                    || aggregate.groupingExpressions().stream().anyMatch(g -> Expressions.semanticEquals(g, e))) {
                return outputFor(e);
            }
            if (e instanceof AttributeReference a) {
                throw AnalysisErrors.missingAggregation(a.name());
            }
            return null;
        });
    }

    /** Whether hidden output columns were added (the caller then projects them away). */
    boolean addedColumns() {
        return !added.isEmpty();
    }

    /** The aggregate with the hidden columns appended to its output. */
    AggregateNode result() {
        if (added.isEmpty()) {
            return aggregate;
        }
        List<NamedExpression> all = new ArrayList<>(aggregate.aggregateExpressions());
        all.addAll(added);
        return new AggregateNode(aggregate.child(), aggregate.groupingExpressions(), all);
    }

    private Set<Long> outputIds() {
        Set<Long> out = new HashSet<>();
        aggregate.aggregateExpressions().forEach(n -> out.add(n.id()));
        added.forEach(n -> out.add(n.id()));
        return out;
    }

    private AttributeReference outputFor(ResolvedExpression e) {
        List<NamedExpression> all = new ArrayList<>(aggregate.aggregateExpressions());
        all.addAll(added);
        for (NamedExpression n : all) {
            if (Expressions.semanticEquals(n, e)) {
                return n.toAttribute();
            }
        }
        NamedExpression hidden = e instanceof AttributeReference a ? a
                : new AliasExpression(e, ExpressionPrinter.pretty(e), ids.next());
        added.add(hidden);
        return hidden.toAttribute();
    }
}
