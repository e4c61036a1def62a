package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.WindowNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Spark's ExtractWindowExpressions: a select list with window functions becomes {@code Project(Window(...(child)))}:
 * one Window node per distinct PARTITION BY / ORDER BY (in order of first use, stacked), the Project computing
 * whatever surrounds the window functions. Over an aggregation, the Aggregate first computes the grouping
 * columns and aggregates the window functions read (as hidden outputs when the select list lacks them). Not
 * thread-safe (uses the analysis' id generator).
 */
final class WindowExtraction {
    private final ExprIdGenerator ids;
    private final List<AliasExpression> windows = new ArrayList<>();

    private WindowExtraction(ExprIdGenerator ids) {
        this.ids = ids;
    }

    /** {@code SELECT ..., f() OVER (...) FROM child}. */
    static ResolvedPlan overProject(ResolvedPlan child, List<NamedExpression> list, ExprIdGenerator ids) {
        WindowExtraction extraction = new WindowExtraction(ids);
        List<NamedExpression> finalList = new ArrayList<>();
        for (NamedExpression n : list) {
            finalList.add(extraction.extract(n, UnaryOperator.identity()));
        }
        return new ProjectNode(extraction.windowNodes(child), finalList);
    }

    /** {@code SELECT ..., f(agg) OVER (...) FROM child GROUP BY groupings}. */
    static ResolvedPlan overAggregate(ResolvedPlan child, List<ResolvedExpression> groupings,
                                      List<NamedExpression> list, ExprIdGenerator ids) {
        List<NamedExpression> plain = new ArrayList<>();
        for (NamedExpression n : list) {
            if (!Expressions.containsWindow(n)) {
                plain.add(n);
            }
        }
        Analyzer.Run.checkAggregateExpressions(plain, groupings);
        AggregateRewrite rewrite = new AggregateRewrite(new AggregateNode(child, groupings, plain), ids);
        WindowExtraction extraction = new WindowExtraction(ids);
        List<NamedExpression> finalList = new ArrayList<>();
        for (NamedExpression n : list) {
            finalList.add(Expressions.containsWindow(n) ? extraction.extract(n, e -> rewrite.rewrite(e))
                    : n.toAttribute());
        }
        return new ProjectNode(extraction.windowNodes(rewrite.result()), finalList);
    }

    /**
     * The select-list entry with each window expression replaced by the column a Window node computes;
     * {@code overInput} rewrites what the window functions read (and what surrounds them) in terms of the
     * Window's input.
     */
    private NamedExpression extract(NamedExpression n, UnaryOperator<ResolvedExpression> overInput) {
        if (n instanceof AliasExpression alias && alias.child() instanceof WindowExpression w) {
            windows.add(new AliasExpression(windowOverInput(w, overInput), alias.name(), alias.id()));
            return alias.toAttribute();
        }
        if (!Expressions.containsWindow(n)) {
            return n instanceof AliasExpression alias
                    ? new AliasExpression(overInput.apply(alias.child()), alias.name(), alias.id())
                    : (NamedExpression) overInput.apply(n);
        }
        AliasExpression alias = (AliasExpression) n;
        ResolvedExpression replaced = Expressions.replace(alias.child(), e -> {
            if (e instanceof WindowExpression w) {
                AliasExpression computed = new AliasExpression(windowOverInput(w, overInput),
                        ExpressionPrinter.pretty(w), ids.next());
                windows.add(computed);
                return computed.toAttribute();
            }
            return null;
        });
        // Whatever surrounds the window functions is computed by the Project over the Window's output.
        return new AliasExpression(overInputExceptWindowColumns(replaced, overInput), alias.name(), alias.id());
    }

    /** Applies {@code overInput} everywhere except to the columns the Window nodes produce. */
    private ResolvedExpression overInputExceptWindowColumns(ResolvedExpression e,
                                                            UnaryOperator<ResolvedExpression> overInput) {
        List<Long> windowIds = windows.stream().map(AliasExpression::id).toList();
        if (e instanceof AttributeReference a && windowIds.contains(a.id())) {
            return a;
        }
        if (Expressions.anyMatch(e, x -> x instanceof AttributeReference a && windowIds.contains(a.id()))) {
            List<ResolvedExpression> children = new ArrayList<>();
            for (ResolvedExpression c : e.children()) {
                children.add(overInputExceptWindowColumns(c, overInput));
            }
            return e.withChildren(children);
        }
        return overInput.apply(e);
    }

    /** The window expression with its function's inputs, partition and order keys rewritten over the input. */
    private static WindowExpression windowOverInput(WindowExpression w, UnaryOperator<ResolvedExpression> overInput) {
        List<ResolvedExpression> functionInputs = new ArrayList<>();
        for (ResolvedExpression c : w.function().children()) {
            functionInputs.add(overInput.apply(c));
        }
        ResolvedExpression function = functionInputs.isEmpty() ? w.function() : w.function().withChildren(functionInputs);
        List<ResolvedExpression> partition = w.partitionSpec().stream().map(overInput).toList();
        List<SortOrder> order = w.orderSpec().stream().map(o -> o.withChild(overInput.apply(o.child()))).toList();
        if (function.children().stream().anyMatch(Expressions::containsWindow)
                || partition.stream().anyMatch(Expressions::containsWindow)
                || order.stream().anyMatch(o -> Expressions.containsWindow(o.child()))) {
            throw AnalysisErrors.unsupported("window functions nested in window functions ("
                    + ExpressionPrinter.pretty(w) + ")");
        }
        return new WindowExpression(function, partition, order, w.frame());
    }

    /** The Window nodes, one per distinct specification, stacked over {@code input}. */
    private ResolvedPlan windowNodes(ResolvedPlan input) {
        List<List<AliasExpression>> groups = new ArrayList<>();
        for (AliasExpression a : windows) {
            WindowExpression w = (WindowExpression) a.child();
            List<AliasExpression> group = null;
            for (List<AliasExpression> g : groups) {
                if (sameSpecification((WindowExpression) g.get(0).child(), w)) {
                    group = g;
                    break;
                }
            }
            if (group == null) {
                group = new ArrayList<>();
                groups.add(group);
            }
            group.add(a);
        }
        ResolvedPlan current = input;
        for (List<AliasExpression> g : groups) {
            WindowExpression first = (WindowExpression) g.get(0).child();
            current = new WindowNode(current, g, first.partitionSpec(), first.orderSpec());
        }
        return current;
    }

    private static boolean sameSpecification(WindowExpression a, WindowExpression b) {
        if (a.partitionSpec().size() != b.partitionSpec().size() || a.orderSpec().size() != b.orderSpec().size()) {
            return false;
        }
        for (int i = 0; i < a.partitionSpec().size(); i++) {
            if (!Expressions.semanticEquals(a.partitionSpec().get(i), b.partitionSpec().get(i))) {
                return false;
            }
        }
        for (int i = 0; i < a.orderSpec().size(); i++) {
            SortOrder x = a.orderSpec().get(i);
            SortOrder y = b.orderSpec().get(i);
            if (x.ascending() != y.ascending() || x.nullsFirst() != y.nullsFirst()
                    || !Expressions.semanticEquals(x.child(), y.child())) {
                return false;
            }
        }
        return true;
    }
}
