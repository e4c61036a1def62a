package io.updraft.planner.resolved.expr;

import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/** {@code (SELECT x ...)} as a value: the plan's single column; null when the plan produces no row. */
public record ScalarSubqueryExpression(ResolvedPlan plan) implements SubqueryExpression {
    public ScalarSubqueryExpression {
        Objects.requireNonNull(plan, "plan is null");
        if (plan.output().size() != 1) {
            throw new IllegalArgumentException("a scalar subquery produces one column, this one "
                    + plan.output().size());
        }
    }

    @Override
    public DataType dataType() {
        return plan.output().get(0).dataType();
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public List<ResolvedExpression> children() {
        return List.of();
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return this;
    }

    @Override
    public SubqueryExpression withPlan(ResolvedPlan newPlan) {
        return new ScalarSubqueryExpression(newPlan);
    }
}
