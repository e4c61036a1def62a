package io.updraft.planner.analysis;

import io.updraft.core.plan.FrameBound;
import io.updraft.core.plan.FrameType;
import io.updraft.core.plan.WindowFrame;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowFunctionExpression;
import io.updraft.planner.resolved.expr.WindowFunctionKind;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Types window-only functions and decides frames as Spark does: ranking functions run over
 * ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW, lag(n)/lead(n) over the single row n before/after; aggregates
 * and nth_value use the user's frame, else RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW with an ORDER BY and
 * the whole partition without one. Stateless.
 */
final class WindowFunctions {
    private static final Map<String, WindowFunctionKind> KINDS = Map.of(
            "row_number", WindowFunctionKind.ROW_NUMBER, "rank", WindowFunctionKind.RANK,
            "dense_rank", WindowFunctionKind.DENSE_RANK, "percent_rank", WindowFunctionKind.PERCENT_RANK,
            "cume_dist", WindowFunctionKind.CUME_DIST, "ntile", WindowFunctionKind.NTILE,
            "lag", WindowFunctionKind.LAG, "lead", WindowFunctionKind.LEAD, "nth_value", WindowFunctionKind.NTH_VALUE);

    private WindowFunctions() {
    }

    static boolean isWindowOnly(String name) {
        return KINDS.containsKey(name.toLowerCase(Locale.ROOT));
    }

    static WindowFunctionExpression resolve(String name, List<ResolvedExpression> args, List<SortOrder> order,
                                            String sql) {
        WindowFunctionKind kind = KINDS.get(name);
        if (kind == WindowFunctionKind.CUME_DIST || kind == WindowFunctionKind.NTH_VALUE) {
            throw AnalysisErrors.unsupported("the window function " + name + " (the engine computes row_number, rank,"
                    + " dense_rank, percent_rank, ntile, lag, lead and count/sum/avg/min/max/first/last over windows)");
        }
        if (order.isEmpty() && kind != WindowFunctionKind.NTH_VALUE) {
            throw AnalysisErrors.windowFunctionNeedsOrder(sql);
        }
        return switch (kind) {
            case ROW_NUMBER, RANK, DENSE_RANK -> {
                noArguments(name, args);
                yield new WindowFunctionExpression(kind, List.of(), DataTypes.IntegerType, false);
            }
            case PERCENT_RANK, CUME_DIST -> {
                noArguments(name, args);
                yield new WindowFunctionExpression(kind, List.of(), DataTypes.DoubleType, false);
            }
            case NTILE -> {
                if (args.size() != 1) {
                    throw AnalysisErrors.wrongNumArgs(name, "1", args.size());
                }
                int buckets = positiveIntLiteral(sql, args.get(0), 1);
                yield new WindowFunctionExpression(kind, List.of(ConstantExpression.of(DataTypes.IntegerType, buckets)),
                        DataTypes.IntegerType, false);
            }
            case LAG, LEAD -> {
                if (args.isEmpty() || args.size() > 3) {
                    throw AnalysisErrors.wrongNumArgs(name, "[1, 3]", args.size());
                }
                ResolvedExpression input = args.get(0);
                int offset = args.size() > 1 ? intLiteral(sql, args.get(1), 2) : 1;
                DataType type = input.dataType();
                ResolvedExpression defaultValue = args.size() > 2 ? args.get(2) : ConstantExpression.of(type, null);
                if (!defaultValue.dataType().equals(type)) {
                    if (!TypeCoercion.canImplicitlyCast(defaultValue.dataType(), type)) {
                        throw AnalysisErrors.unexpectedInputType(sql, 3, AnalysisErrors.quoteType(type),
                                ExpressionPrinter.pretty(defaultValue), defaultValue.dataType());
                    }
                    defaultValue = TypeCoercion.cast(defaultValue, type);
                }
                yield new WindowFunctionExpression(kind, List.of(input,
                        ConstantExpression.of(DataTypes.IntegerType, offset), defaultValue), type, false);
            }
            case NTH_VALUE -> {
                if (args.size() < 2 || args.size() > 3) {
                    throw AnalysisErrors.wrongNumArgs(name, "[2, 3]", args.size());
                }
                int n = positiveIntLiteral(sql, args.get(1), 2);
                boolean ignoreNulls = args.size() == 3 && booleanLiteral(sql, args.get(2), 3);
                yield new WindowFunctionExpression(kind, List.of(args.get(0),
                        ConstantExpression.of(DataTypes.IntegerType, n)), args.get(0).dataType(), ignoreNulls);
            }
        };
    }

    /** Aggregates the engine computes over a window frame. */
    static void checkWindowAggregate(io.updraft.planner.resolved.expr.AggregateFunctionExpression a, String sql) {
        switch (a.function()) {
            case COUNT, SUM, AVG, MIN, MAX, FIRST, LAST, USER_DEFINED -> {
            }
            default -> throw AnalysisErrors.unsupported(sql + " over a window (the engine computes count, sum, avg,"
                    + " min, max, first and last over windows)");
        }
    }

    /** The frame a window function runs over (see the class comment); checks RANGE frames' order keys. */
    static WindowFrame frame(ResolvedExpression function, WindowFrame requested, List<SortOrder> order, String sql) {
        if (function instanceof WindowFunctionExpression w) {
            switch (w.kind()) {
                case LAG, LEAD -> {
                    // Spark's frame of the (negated for lag) offset as a value: "-1 FOLLOWING AND -1 FOLLOWING"
                    FrameBound bound = FrameBound.ofValue(w.kind() == WindowFunctionKind.LAG ? -offset(w) : offset(w),
                            false);
                    return new WindowFrame(FrameType.ROWS, bound, bound);
                }
                case NTH_VALUE -> {
                    // Falls through to the aggregate default below.
                }
                default -> {
                    return WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING, WindowFrame.CURRENT_ROW);
                }
            }
        }
        if (requested == null) {
            return WindowFrame.defaultFrame(!order.isEmpty());
        }
        if (requested.type() == FrameType.RANGE && !isUnboundedOrCurrent(requested)) {
            if (order.size() != 1) {
                throw AnalysisErrors.rangeFrameOrder(sql, order.size());
            }
            DataType keyType = order.get(0).child().dataType();
            if (!keyType.isNumeric() && !(keyType instanceof DateType)) {
                throw AnalysisErrors.rangeFrameType(sql, keyType);
            }
        }
        if (requested.type() == FrameType.RANGE && order.isEmpty()
                && (requested.lower().kind() != FrameBound.Kind.UNBOUNDED_PRECEDING
                || requested.upper().kind() != FrameBound.Kind.UNBOUNDED_FOLLOWING)
                && !(requested.lower().kind() == FrameBound.Kind.UNBOUNDED_PRECEDING
                && requested.upper().kind() == FrameBound.Kind.CURRENT_ROW)) {
            throw AnalysisErrors.rangeFrameOrder(sql, 0);
        }
        if (function instanceof AggregateFunctionExpression || function instanceof WindowFunctionExpression) {
            return requested;
        }
        throw new IllegalStateException("not a window function: " + function);
    }

    private static boolean isUnboundedOrCurrent(WindowFrame f) {
        return !f.lower().hasOffset() && !f.upper().hasOffset();
    }

    private static long offset(WindowFunctionExpression w) {
        return (Integer) ((ConstantExpression) w.arguments().get(1)).value();
    }

    private static void noArguments(String name, List<ResolvedExpression> args) {
        if (!args.isEmpty()) {
            throw AnalysisErrors.wrongNumArgs(name, "0", args.size());
        }
    }

    private static int intLiteral(String sql, ResolvedExpression e, int position) {
        if (e instanceof ConstantExpression c && c.value() instanceof Integer i) {
            return i;
        }
        throw AnalysisErrors.unexpectedInputType(sql, position, "\"INT\" literal", ExpressionPrinter.pretty(e),
                e.dataType());
    }

    private static int positiveIntLiteral(String sql, ResolvedExpression e, int position) {
        int v = intLiteral(sql, e, position);
        if (v <= 0) {
            throw AnalysisErrors.unexpectedInputType(sql, position, "positive \"INT\" literal",
                    ExpressionPrinter.pretty(e), e.dataType());
        }
        return v;
    }

    private static boolean booleanLiteral(String sql, ResolvedExpression e, int position) {
        if (e instanceof ConstantExpression c && c.value() instanceof Boolean b) {
            return b;
        }
        throw AnalysisErrors.unexpectedInputType(sql, position, "\"BOOLEAN\" literal", ExpressionPrinter.pretty(e),
                e.dataType());
    }
}
