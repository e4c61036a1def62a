package io.updraft.planner.resolved.expr;

import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/** {@code EXISTS (SELECT ...)}: true when the plan produces a row; never null. */
public record ExistsExpression(ResolvedPlan plan) implements SubqueryExpression {
    public ExistsExpression {
        Objects.requireNonNull(plan, "plan is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return false;
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
        return new ExistsExpression(newPlan);
    }
}
