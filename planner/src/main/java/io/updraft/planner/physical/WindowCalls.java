package io.updraft.planner.physical;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.plan.WindowFunction;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.expr.WindowFunctionExpression;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

/** Binds a resolved window expression to core's {@link WindowCall}. Stateless. */
final class WindowCalls {
    private WindowCalls() {
    }

    static WindowCall bind(WindowExpression w, ExpressionBinder binder) {
        return switch (w.function()) {
            case WindowFunctionExpression f -> {
                WindowFunction function = switch (f.kind()) {
                    case ROW_NUMBER -> WindowFunction.ROW_NUMBER;
                    case RANK -> WindowFunction.RANK;
                    case DENSE_RANK -> WindowFunction.DENSE_RANK;
                    case PERCENT_RANK -> WindowFunction.PERCENT_RANK;
                    case NTILE -> WindowFunction.NTILE;
                    case LAG -> WindowFunction.LAG;
                    case LEAD -> WindowFunction.LEAD;
                    default -> throw unsupported(w);
                };
                List<Expr> args = binder.bindAll(f.arguments());
                yield new WindowCall(function, args, false, null, WindowCall.resultType(function, args));
            }
            case AggregateFunctionExpression a when a.userAggregate() != null -> {
                // FILTER leaves a row's argument struct null: the engine skips it, as the hash aggregate does
                ResolvedExpression argument = a.filter() == null ? a.argument() : new CaseWhenExpression(
                        List.of(a.filter()), List.of(a.argument()), null, a.argument().dataType());
                yield WindowCall.userDefined(a.userAggregate(), binder.bind(argument), w.frame(), a.dataType());
            }
            case AggregateFunctionExpression a -> {
                WindowFunction function = switch (a.function()) {
                    case COUNT -> WindowFunction.COUNT;
                    case SUM -> WindowFunction.SUM;
                    case AVG -> WindowFunction.AVG;
                    case MIN -> WindowFunction.MIN;
                    case MAX -> WindowFunction.MAX;
                    case FIRST -> WindowFunction.FIRST;
                    case LAST -> WindowFunction.LAST;
                    default -> throw unsupported(w);
                };
                ResolvedExpression argument = a.argument();
                if (a.filter() != null) {
                    ResolvedExpression value = argument == null ? ConstantExpression.of(DataTypes.IntegerType, 1) : argument;
                    argument = new CaseWhenExpression(List.of(a.filter()), List.of(value), null, value.dataType());
                }
                List<Expr> args = new ArrayList<>();
                boolean countsRows = a.function() == io.updraft.core.plan.AggregateFunction.COUNT
                        && (argument == null || argument instanceof ConstantExpression c && c.value() != null);
                if (argument != null && !countsRows) {
                    args.add(binder.bind(argument));
                }
                yield new WindowCall(function, args, a.ignoreNulls(), w.frame(), a.dataType());
            }
            default -> throw unsupported(w);
        };
    }

    private static IllegalStateException unsupported(WindowExpression w) {
        return new IllegalStateException("the engine has no window function for " + ExpressionPrinter.explain(w));
    }
}
