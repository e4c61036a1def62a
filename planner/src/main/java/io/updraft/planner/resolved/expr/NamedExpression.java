package io.updraft.planner.resolved.expr;

/** An expression that produces a named output column: an attribute or an alias. */
public sealed interface NamedExpression extends ResolvedExpression permits AttributeReference, AliasExpression {
    /** The unique id of the column this expression produces. */
    long id();

    String name();

    /** The column as seen by the parent operator. */
    AttributeReference toAttribute();
}
