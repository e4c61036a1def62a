package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;

/**
 * A resolved, typed expression of the analyzed logical plan. Columns are {@link AttributeReference}s
 * identified by a unique id (not by ordinal, unlike core's bound {@link io.updraft.core.expr.Expr}), so
 * optimizer rules can move expressions between operators; the physical planner binds ids to ordinals.
 * Immutable records.
 */
public sealed interface ResolvedExpression permits NamedExpression, ConstantExpression, ArithmeticExpression,
        ComparisonExpression, AndExpression, OrExpression, NotExpression, IsNullExpression, IsNotNullExpression,
        NegateExpression, CastExpression, InExpression, CaseWhenExpression, ScalarFunctionExpression,
        AggregateFunctionExpression, WindowFunctionExpression, WindowExpression, SubqueryExpression, OuterReference,
        IntegralDivideExpression, GroupingExpression, UserFunctionExpression {

    DataType dataType();

    /** Whether the value can be null; conservative. */
    boolean nullable();

    /** Direct sub-expressions, in a fixed order that {@link #withChildren} accepts back. */
    List<ResolvedExpression> children();

    /** A copy with the children replaced (same count and order as {@link #children()}). */
    ResolvedExpression withChildren(List<ResolvedExpression> children);
}
