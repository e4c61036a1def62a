package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

/**
 * Spark's BooleanSimplification, where the result is the same under SQL's three-valued logic:
 * {@code true AND x → x}, {@code false AND x → false}, {@code true OR x → true}, {@code false OR x → x},
 * {@code x AND x → x}, {@code x OR x → x}, {@code NOT NOT x → x}, {@code NOT (a < b) → a >= b} (and the other
 * orderings), {@code NOT x IS NULL → x IS NOT NULL}; and common conjuncts are factored out of disjunctions:
 * {@code (a AND b) OR (a AND c) → a AND (b OR c)}, which turns TPC-H Q19's OR of three join-and-filter blocks into
 * an equi-join.
 */
public final class BooleanSimplification implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> Plans.mapExpressions(node,
                e -> Expressions.transformUp(e, BooleanSimplification::simplify)));
    }

    static ResolvedExpression simplify(ResolvedExpression e) {
        return switch (e) {
            case AndExpression a -> {
                if (isTrue(a.left())) {
                    yield a.right();
                }
                if (isTrue(a.right())) {
                    yield a.left();
                }
                if (isFalse(a.left()) || isFalse(a.right())) {
                    yield ConstantExpression.of(DataTypes.BooleanType, false);
                }
                yield Expressions.semanticEquals(a.left(), a.right()) ? a.left() : a;
            }
            case OrExpression o -> {
                if (isTrue(o.left()) || isTrue(o.right())) {
                    yield ConstantExpression.of(DataTypes.BooleanType, true);
                }
                if (isFalse(o.left())) {
                    yield o.right();
                }
                if (isFalse(o.right())) {
                    yield o.left();
                }
                if (Expressions.semanticEquals(o.left(), o.right())) {
                    yield o.left();
                }
                yield factorCommonConjuncts(o);
            }
            case NotExpression n -> switch (n.child()) {
                case NotExpression inner -> inner.child();
                case IsNullExpression in -> new IsNotNullExpression(in.child());
                case IsNotNullExpression in -> new IsNullExpression(in.child());
                case ComparisonExpression c when negated(c.op()) != null ->
                        new ComparisonExpression(negated(c.op()), c.left(), c.right());
                default -> n;
            };
            default -> e;
        };
    }

    private static CompareOp negated(CompareOp op) {
        return switch (op) {
            case LESS_THAN -> CompareOp.GREATER_THAN_OR_EQUAL;
            case LESS_THAN_OR_EQUAL -> CompareOp.GREATER_THAN;
            case GREATER_THAN -> CompareOp.LESS_THAN_OR_EQUAL;
            case GREATER_THAN_OR_EQUAL -> CompareOp.LESS_THAN;
            default -> null;
        };
    }

    /** (a AND b) OR (a AND c) OR ... → a AND (b OR c OR ...); a OR (a AND c) → a. */
    private static ResolvedExpression factorCommonConjuncts(OrExpression o) {
        List<ResolvedExpression> disjuncts = new ArrayList<>();
        flattenOr(o, disjuncts);
        List<List<ResolvedExpression>> conjunctLists = disjuncts.stream().map(Expressions::conjuncts).toList();
        List<ResolvedExpression> common = new ArrayList<>();
        for (ResolvedExpression c : conjunctLists.get(0)) {
            boolean everywhere = conjunctLists.stream().allMatch(list -> list.stream()
                    .anyMatch(x -> Expressions.semanticEquals(x, c)));
            if (everywhere && common.stream().noneMatch(x -> Expressions.semanticEquals(x, c))) {
                common.add(c);
            }
        }
        if (common.isEmpty()) {
            return o;
        }
        List<ResolvedExpression> residuals = new ArrayList<>();
        for (List<ResolvedExpression> list : conjunctLists) {
            List<ResolvedExpression> rest = list.stream()
                    .filter(x -> common.stream().noneMatch(c -> Expressions.semanticEquals(x, c))).toList();
            if (rest.isEmpty()) {
                return Expressions.and(common);
            }
            residuals.add(Expressions.and(rest));
        }
        ResolvedExpression or = residuals.get(0);
        for (int i = 1; i < residuals.size(); i++) {
            or = new OrExpression(or, residuals.get(i));
        }
        List<ResolvedExpression> all = new ArrayList<>(common);
        all.add(or);
        return Expressions.and(all);
    }

    private static void flattenOr(ResolvedExpression e, List<ResolvedExpression> out) {
        if (e instanceof OrExpression o) {
            flattenOr(o.left(), out);
            flattenOr(o.right(), out);
        } else {
            out.add(e);
        }
    }

    private static boolean isTrue(ResolvedExpression e) {
        return e instanceof ConstantExpression c && Boolean.TRUE.equals(c.value());
    }

    private static boolean isFalse(ResolvedExpression e) {
        return e instanceof ConstantExpression c && Boolean.FALSE.equals(c.value());
    }
}
