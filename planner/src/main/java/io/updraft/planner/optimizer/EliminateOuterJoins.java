package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.function.FunctionCatalog;
import io.updraft.core.function.FunctionSignature;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.NegateExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.List;
import java.util.Set;

/**
 * Spark's EliminateOuterJoin: a filter above an outer join that rejects rows whose null-supplying side is all
 * null (a comparison, IS NOT NULL, IN, ... that is null or false when that side's columns are null) removes
 * exactly the rows the outer join added, so the join is inner (LEFT/RIGHT OUTER), or one-sided (FULL OUTER).
 * Predicate pushdown can then move the filter into that side.
 */
public final class EliminateOuterJoins implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (!(node instanceof FilterNode f) || !(f.child() instanceof JoinNode j)) {
                return node;
            }
            boolean outerSide = j.joinType() == JoinType.LEFT_OUTER || j.joinType() == JoinType.RIGHT_OUTER
                    || j.joinType() == JoinType.FULL_OUTER;
            if (!outerSide) {
                return node;
            }
            boolean leftRejected = rejectsNulls(f.condition(), Plans.outputIds(j.left()));
            boolean rightRejected = rejectsNulls(f.condition(), Plans.outputIds(j.right()));
            JoinType type = switch (j.joinType()) {
                case LEFT_OUTER -> rightRejected ? JoinType.INNER : JoinType.LEFT_OUTER;
                case RIGHT_OUTER -> leftRejected ? JoinType.INNER : JoinType.RIGHT_OUTER;
                default -> leftRejected && rightRejected ? JoinType.INNER
                        : leftRejected ? JoinType.LEFT_OUTER : rightRejected ? JoinType.RIGHT_OUTER : JoinType.FULL_OUTER;
            };
            if (type == j.joinType()) {
                return node;
            }
            return new FilterNode(new JoinNode(j.left(), j.right(), type, j.condition(), j.hint()), f.condition());
        });
    }

    /** Whether some conjunct is null or false whenever all of {@code side}'s columns are null. */
    static boolean rejectsNulls(ResolvedExpression condition, Set<Long> side) {
        for (ResolvedExpression c : Expressions.conjuncts(condition)) {
            if (rejects(c, side)) {
                return true;
            }
        }
        return false;
    }

    private static boolean rejects(ResolvedExpression c, Set<Long> side) {
        return switch (c) {
            case AndExpression a -> rejects(a.left(), side) || rejects(a.right(), side);
            case OrExpression o -> rejects(o.left(), side) && rejects(o.right(), side);
            case IsNotNullExpression n -> nullIfNull(n.child(), side);
            default -> c.dataType() instanceof io.updraft.sql.types.BooleanType && nullIfNull(c, side);
        };
    }

    /** Whether the expression is null when the side's columns are null (null propagates to the top). */
    private static boolean nullIfNull(ResolvedExpression e, Set<Long> side) {
        return switch (e) {
            case AttributeReference a -> side.contains(a.id());
            case ComparisonExpression c -> c.op() != CompareOp.EQUAL_NULL_SAFE
                    && (nullIfNull(c.left(), side) || nullIfNull(c.right(), side));
            case ArithmeticExpression a -> nullIfNull(a.left(), side) || nullIfNull(a.right(), side);
            case NegateExpression n -> nullIfNull(n.child(), side);
            case NotExpression n -> nullIfNull(n.child(), side);
            case CastExpression c -> nullIfNull(c.child(), side);
            case InExpression in -> nullIfNull(in.value(), side);
            case ScalarFunctionExpression f -> FunctionCatalog.lookup(f.name())
                    .map(FunctionSignature::nullIntolerant).orElse(false) && anyNullIfNull(f.arguments(), side);
            default -> false;
        };
    }

    private static boolean anyNullIfNull(List<ResolvedExpression> args, Set<Long> side) {
        return args.stream().anyMatch(a -> nullIfNull(a, side));
    }
}
