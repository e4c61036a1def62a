package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.OuterReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SortNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Pulls the correlated predicates of a subquery (conjuncts that read the enclosing query through
 * {@link OuterReference}s) up to its root, as Spark's PullupCorrelatedPredicates: through filters, projections
 * (which then also output the inner columns the predicates read), inner joins, sorts, and aggregates (only
 * equality predicates; the inner side of each becomes a grouping column). The predicates come back with the
 * outer references unwrapped, ready to become a join condition. Stateless.
 */
final class SubqueryDecorrelation {
    /** The subquery without correlated predicates, and those predicates (over its output and outer columns). */
    record Decorrelated(ResolvedPlan plan, List<ResolvedExpression> predicates) {
    }

    private SubqueryDecorrelation() {
    }

    static boolean hasOuterReference(ResolvedExpression e) {
        return Expressions.anyMatch(e, x -> x instanceof OuterReference);
    }

    static boolean hasOuterReference(ResolvedPlan plan) {
        return Plans.anyExpression(plan, x -> x instanceof OuterReference);
    }

    static ResolvedExpression unwrap(ResolvedExpression e) {
        return Expressions.transformUp(e, x -> x instanceof OuterReference o ? o.attribute() : x);
    }

    static Decorrelated pullUp(ResolvedPlan plan) {
        if (!hasOuterReference(plan)) {
            return new Decorrelated(plan, List.of());
        }
        return switch (plan) {
            case FilterNode f -> {
                Decorrelated child = pullUp(f.child());
                List<ResolvedExpression> predicates = new ArrayList<>(child.predicates());
                List<ResolvedExpression> local = new ArrayList<>();
                for (ResolvedExpression c : Expressions.conjuncts(f.condition())) {
                    if (hasOuterReference(c)) {
                        predicates.add(unwrap(c));
                    } else {
                        local.add(c);
                    }
                }
                ResolvedPlan node = local.isEmpty() ? child.plan() : new FilterNode(child.plan(), Expressions.and(local));
                yield new Decorrelated(node, predicates);
            }
            case ProjectNode p -> {
                if (p.projectList().stream().anyMatch(SubqueryDecorrelation::hasOuterReference)) {
                    throw unsupported("outer columns in the select list of a correlated subquery", p);
                }
                Decorrelated child = pullUp(p.child());
                List<NamedExpression> list = new ArrayList<>(p.projectList());
                addMissing(list, child.predicates(), child.plan().output());
                yield new Decorrelated(new ProjectNode(child.plan(), list), child.predicates());
            }
            case SortNode s -> {
                Decorrelated child = pullUp(s.child());
                yield new Decorrelated(s.withChild(child.plan()), child.predicates());
            }
            case AggregateNode a -> aggregate(a);
            case JoinNode j when j.joinType() == JoinType.INNER || j.joinType() == JoinType.CROSS -> {
                if (j.condition() != null && hasOuterReference(j.condition())) {
                    throw unsupported("outer columns in a join condition of a correlated subquery", j);
                }
                Decorrelated left = pullUp(j.left());
                Decorrelated right = pullUp(j.right());
                List<ResolvedExpression> predicates = new ArrayList<>(left.predicates());
                predicates.addAll(right.predicates());
                yield new Decorrelated(new JoinNode(left.plan(), right.plan(), j.joinType(), j.condition(), j.hint()),
                        predicates);
            }
            default -> throw unsupported("correlated columns below " + plan.getClass().getSimpleName()
                    .replace("Node", "") + " in a subquery", plan);
        };
    }

    /** Below an aggregate only {@code inner = outer} predicates can move up: each inner side becomes a key. */
    private static Decorrelated aggregate(AggregateNode a) {
        if (Plans.expressions(a).stream().anyMatch(SubqueryDecorrelation::hasOuterReference)) {
            throw unsupported("outer columns in the aggregate of a correlated subquery", a);
        }
        Decorrelated child = pullUp(a.child());
        Set<Long> inner = new HashSet<>();
        child.plan().output().forEach(x -> inner.add(x.id()));
        List<ResolvedExpression> groupings = new ArrayList<>(a.groupingExpressions());
        List<NamedExpression> outputs = new ArrayList<>(a.aggregateExpressions());
        for (ResolvedExpression p : child.predicates()) {
            if (!(p instanceof ComparisonExpression c) || c.op() != CompareOp.EQUAL) {
                throw unsupported("a correlated predicate other than an equality below an aggregate ("
                        + ExpressionPrinter.pretty(p) + ")", a);
            }
            ResolvedExpression innerSide = Expressions.referencesOnly(c.left(), inner) ? c.left()
                    : Expressions.referencesOnly(c.right(), inner) ? c.right() : null;
            if (innerSide == null || Expressions.references(innerSide).isEmpty()) {
                throw unsupported("a correlated equality that mixes inner and outer columns on one side ("
                        + ExpressionPrinter.pretty(p) + ")", a);
            }
            for (AttributeReference attr : Expressions.references(innerSide).values()) {
                if (groupings.stream().noneMatch(g -> g instanceof AttributeReference ga && ga.id() == attr.id())) {
                    groupings.add(attr);
                }
                if (outputs.stream().noneMatch(o -> o.id() == attr.id())) {
                    outputs.add(attr);
                }
            }
        }
        return new Decorrelated(new AggregateNode(child.plan(), groupings, outputs), child.predicates());
    }

    /** Adds to a projection the input columns the predicates read that it does not output yet. */
    private static void addMissing(List<NamedExpression> list, List<ResolvedExpression> predicates,
                                   List<AttributeReference> input) {
        Set<Long> inputIds = new HashSet<>();
        input.forEach(a -> inputIds.add(a.id()));
        for (AttributeReference a : Expressions.references(predicates).values()) {
            if (inputIds.contains(a.id()) && list.stream().noneMatch(n -> n.id() == a.id())) {
                list.add(a);
            }
        }
    }

    static RuntimeException unsupported(String what, ResolvedPlan at) {
        return AnalysisErrors.correlatedSubqueryUnsupported(what);
    }
}
