package io.updraft.planner.resolved.expr;

import io.updraft.planner.resolved.plan.ResolvedPlan;

/**
 * An expression holding a subquery plan (scalar, IN, EXISTS). The plan may contain {@link OuterReference}s to
 * the enclosing query. Removed by the optimizer's subquery rewrite (joins) before physical planning.
 */
public sealed interface SubqueryExpression extends ResolvedExpression
        permits ScalarSubqueryExpression, InSubqueryExpression, ExistsExpression {
    ResolvedPlan plan();

    /** A copy with the plan replaced. */
    SubqueryExpression withPlan(ResolvedPlan newPlan);
}
