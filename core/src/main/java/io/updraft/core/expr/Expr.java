package io.updraft.core.expr;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.updraft.sql.types.DataType;

/**
 * A bound, typed scalar expression: what a worker evaluates over a batch. Column references are
 * ordinals into the input batch. The analyzer guarantees operand types: both sides of an
 * {@link Arithmetic} or {@link Comparison} have the same type, except that two decimals may differ
 * in precision and scale. Immutable.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ColumnRef.class, name = "column"),
        @JsonSubTypes.Type(value = Literal.class, name = "literal"),
        @JsonSubTypes.Type(value = Arithmetic.class, name = "arithmetic"),
        @JsonSubTypes.Type(value = Comparison.class, name = "comparison"),
        @JsonSubTypes.Type(value = And.class, name = "and"),
        @JsonSubTypes.Type(value = Or.class, name = "or"),
        @JsonSubTypes.Type(value = Not.class, name = "not"),
        @JsonSubTypes.Type(value = IsNull.class, name = "isNull"),
        @JsonSubTypes.Type(value = IsNotNull.class, name = "isNotNull"),
        @JsonSubTypes.Type(value = Negate.class, name = "negate"),
        @JsonSubTypes.Type(value = Cast.class, name = "cast"),
        @JsonSubTypes.Type(value = In.class, name = "in"),
        @JsonSubTypes.Type(value = CaseWhen.class, name = "caseWhen"),
        @JsonSubTypes.Type(value = ScalarFunction.class, name = "function"),
        @JsonSubTypes.Type(value = UserFunction.class, name = "userFunction"),
})
public sealed interface Expr permits ColumnRef, Literal, Arithmetic, Comparison, And, Or, Not, IsNull, IsNotNull,
        Negate, Cast, In, CaseWhen, ScalarFunction, UserFunction {

    DataType dataType();

    /** Whether the expression can evaluate to null; conservative (true when unsure). */
    boolean nullable();
}
