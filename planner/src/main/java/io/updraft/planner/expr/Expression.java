package io.updraft.planner.expr;

/**
 * An unresolved expression as users build it (Column, SQL): names, not ordinals; no types yet.
 * The analyzer resolves it against a plan's schema into a bound {@link io.updraft.core.expr.Expr}.
 * Immutable records; {@link #sql()} is the text Spark would use as the column name.
 */
public sealed interface Expression permits UnresolvedAttribute, UnresolvedStar, LiteralValue, Alias, BinaryArithmetic,
        BinaryComparison, LogicalAnd, LogicalOr, LogicalNot, IsNullExpr, IsNotNullExpr, UnaryMinus, CastExpr, InList,
        BetweenExpr, CaseWhenExpr, FunctionCall, SortOrderExpr, WindowExpr, ScalarSubquery, InSubquery, Exists,
        GroupingSets, UserFunctionCall, MultiAlias {

    /** Spark's auto-generated column name for this expression, e.g. "(l_extendedprice * (1 - l_discount))". */
    String sql();
}
