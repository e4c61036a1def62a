package io.updraft.planner.physical;

import io.updraft.core.expr.And;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.CaseWhen;
import io.updraft.core.expr.Cast;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.In;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Negate;
import io.updraft.core.expr.Not;
import io.updraft.core.expr.Or;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.planner.analysis.TypeCoercion;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.GroupingExpression;
import io.updraft.planner.resolved.expr.IntegralDivideExpression;
import io.updraft.planner.resolved.expr.UserFunctionExpression;
import io.updraft.planner.resolved.expr.OuterReference;
import io.updraft.planner.resolved.expr.SubqueryExpression;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.expr.WindowFunctionExpression;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NegateExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Binds resolved expressions to the ordinals of an operator's input: the form workers evaluate. */
final class ExpressionBinder {
    private final List<AttributeReference> input;
    private final Map<Long, Integer> ordinals = new HashMap<>();

    ExpressionBinder(List<AttributeReference> input) {
        this.input = input;
        for (int i = 0; i < input.size(); i++) {
            ordinals.putIfAbsent(input.get(i).id(), i);
        }
    }

    List<Expr> bindAll(List<? extends ResolvedExpression> exprs) {
        return exprs.stream().map(this::bind).toList();
    }

    Expr bind(ResolvedExpression e) {
        return switch (e) {
            case AttributeReference a -> {
                Integer ordinal = ordinals.get(a.id());
                if (ordinal == null) {
                    throw new IllegalStateException("column " + ExpressionPrinter.attribute(a)
                            + " is not in the operator input " + input.stream().map(ExpressionPrinter::attribute).toList());
                }
                yield new ColumnRef(ordinal, a.dataType(), input.get(ordinal).nullable());
            }
            case AliasExpression al -> bind(al.child());
            case ConstantExpression c -> c.literal();
            case ArithmeticExpression a -> new Arithmetic(a.op(), bind(a.left()), bind(a.right()), a.dataType());
            case ComparisonExpression c -> new Comparison(c.op(), bind(c.left()), bind(c.right()));
            case AndExpression a -> new And(bind(a.left()), bind(a.right()));
            case OrExpression o -> new Or(bind(o.left()), bind(o.right()));
            case NotExpression n -> new Not(bind(n.child()));
            case IsNullExpression n -> new IsNull(bind(n.child()));
            case IsNotNullExpression n -> new IsNotNull(bind(n.child()));
            case NegateExpression n -> new Negate(bind(n.child()));
            case CastExpression c -> new Cast(bind(c.child()), c.dataType());
            case InExpression in -> new In(bind(in.value()), bindAll(in.list()));
            case CaseWhenExpression c -> new CaseWhen(bindAll(c.conditions()), bindAll(c.values()),
                    c.elseValue() == null ? null : bind(c.elseValue()), c.dataType());
            case ScalarFunctionExpression f -> new ScalarFunction(f.name(), bindAll(f.arguments()), f.dataType());
            case UserFunctionExpression u -> new io.updraft.core.expr.UserFunction(u.definition().name(),
                    u.definition().function(), bindAll(u.arguments()), u.dataType(), u.nullable());
            case AggregateFunctionExpression a -> throw new IllegalStateException(
                    "aggregate " + ExpressionPrinter.explain(a) + " outside an aggregation");
            case IntegralDivideExpression d -> integralDivide(d);
            case WindowFunctionExpression w -> throw new IllegalStateException(
                    "window function " + ExpressionPrinter.explain(w) + " outside a window");
            case WindowExpression w -> throw new IllegalStateException(
                    "window expression " + ExpressionPrinter.explain(w) + " outside a window");
            case SubqueryExpression q -> throw new IllegalStateException(
                    "subquery " + ExpressionPrinter.explain(q) + " was not rewritten into a join");
            case OuterReference o -> throw new IllegalStateException(
                    "outer reference " + ExpressionPrinter.explain(o) + " outside its subquery");
            case GroupingExpression g -> throw new IllegalStateException(
                    ExpressionPrinter.explain(g) + " outside GROUPING SETS");
        };
    }

    /** bigint operands: a truncating bigint division; decimals: the decimal quotient cast (truncated) to bigint. */
    private Expr integralDivide(IntegralDivideExpression d) {
        Expr left = bind(d.left());
        Expr right = bind(d.right());
        if (left.dataType() instanceof DecimalType l && right.dataType() instanceof DecimalType r) {
            DecimalType quotient = TypeCoercion.decimalResult(ArithmeticOp.DIVIDE, l, r);
            return new Cast(new Arithmetic(ArithmeticOp.DIVIDE, left, right, quotient), DataTypes.LongType);
        }
        return new Arithmetic(ArithmeticOp.DIVIDE, left, right, DataTypes.LongType);
    }
}
