package io.updraft.planner.resolved.expr;

import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;
import java.util.Objects;

/**
 * {@code values IN (SELECT ...)}: SQL semantics (null when nothing matches and a value or a subquery row is
 * null). Each value has the type of the plan's column at its position (the analyzer coerces both).
 */
public record InSubqueryExpression(List<ResolvedExpression> values, ResolvedPlan plan) implements SubqueryExpression {
    public InSubqueryExpression {
        values = List.copyOf(values);
        Objects.requireNonNull(plan, "plan is null");
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public List<ResolvedExpression> children() {
        return values;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new InSubqueryExpression(children, plan);
    }

    @Override
    public SubqueryExpression withPlan(ResolvedPlan newPlan) {
        return new InSubqueryExpression(values, newPlan);
    }
}
