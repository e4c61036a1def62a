package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.Casts;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Copies the conjuncts of a filter directly above a scan that compare a column with literals into the
 * scan's pushed filters, which the reader uses to skip row groups by their min/max statistics. The
 * filter stays: pushed filters never drop rows themselves. Accepted forms: {@code col op literal} (op one
 * of = < <= > >= <=>, either side), {@code col IS [NOT] NULL}, {@code col IN (literals)}, and ORs of
 * those; a lossless cast on the column is removed when the literal converts exactly to the column type.
 */
public final class PushFiltersIntoScan implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof FilterNode f && f.child() instanceof ScanNode scan) {
                Set<Long> columns = new HashSet<>();
                scan.output().forEach(a -> columns.add(a.id()));
                List<ResolvedExpression> pushed = new ArrayList<>();
                for (ResolvedExpression c : Expressions.conjuncts(f.condition())) {
                    translate(c, columns).ifPresent(pushed::add);
                }
                if (pushed.equals(scan.pushedFilters())) {
                    return node;
                }
                return new FilterNode(scan.withPushedFilters(pushed), f.condition());
            }
            return node;
        });
    }

    static Optional<ResolvedExpression> translate(ResolvedExpression e, Set<Long> columns) {
        return switch (e) {
            case ComparisonExpression c when c.op() != CompareOp.NOT_EQUAL -> comparison(c, columns);
            case IsNullExpression n when column(n.child(), columns) -> Optional.of(e);
            case IsNotNullExpression n when column(n.child(), columns) -> Optional.of(e);
            case InExpression in when column(in.value(), columns) && !in.list().isEmpty()
                    && in.list().stream().allMatch(x -> x instanceof ConstantExpression k && k.value() != null) ->
                    Optional.of(e);
            case OrExpression o -> {
                Optional<ResolvedExpression> l = translate(o.left(), columns);
                Optional<ResolvedExpression> r = translate(o.right(), columns);
                yield l.isPresent() && r.isPresent() ? Optional.of(new OrExpression(l.get(), r.get())) : Optional.empty();
            }
            default -> Optional.empty();
        };
    }

    private static boolean column(ResolvedExpression e, Set<Long> columns) {
        return e instanceof AttributeReference a && columns.contains(a.id());
    }

    private static Optional<ResolvedExpression> comparison(ComparisonExpression c, Set<Long> columns) {
        if (c.right() instanceof ConstantExpression k) {
            return columnVersusLiteral(c.op(), c.left(), k, columns);
        }
        if (c.left() instanceof ConstantExpression k) {
            return columnVersusLiteral(flip(c.op()), c.right(), k, columns);
        }
        return Optional.empty();
    }

    private static Optional<ResolvedExpression> columnVersusLiteral(CompareOp op, ResolvedExpression side,
                                                                    ConstantExpression literal, Set<Long> columns) {
        if (literal.value() == null) {
            return Optional.empty();
        }
        if (column(side, columns)) {
            return Optional.of(new ComparisonExpression(op, side, literal));
        }
        if (side instanceof CastExpression cast && column(cast.child(), columns)
                && Casts.neverFails(cast.child().dataType(), cast.dataType()) && cast.dataType().isNumeric()) {
            AttributeReference a = (AttributeReference) cast.child();
            return ConstantEvaluator.exactConversion(literal.value(), literal.dataType(), a.dataType())
                    .map(v -> new ComparisonExpression(op, a, ConstantExpression.of(a.dataType(), v)));
        }
        return Optional.empty();
    }

    private static CompareOp flip(CompareOp op) {
        return switch (op) {
            case LESS_THAN -> CompareOp.GREATER_THAN;
            case LESS_THAN_OR_EQUAL -> CompareOp.GREATER_THAN_OR_EQUAL;
            case GREATER_THAN -> CompareOp.LESS_THAN;
            case GREATER_THAN_OR_EQUAL -> CompareOp.LESS_THAN_OR_EQUAL;
            default -> op;
        };
    }
}
