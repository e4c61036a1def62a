package io.updraft.planner.analysis;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.Percentiles;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The aggregates beyond the basic ones, typed as Spark types them: percentile, median, percentile_approx /
 * approx_percentile, mode, max_by / min_by, corr, covar_pop / covar_samp, skewness, kurtosis, and the ones Spark
 * replaces by others at analysis (count_if → count of the true rows, bool_and / every → min, bool_or / some / any →
 * max of booleans, median → percentile 0.5), named as Spark names them. Stateless.
 */
final class StatisticalAggregates {
    private static final Map<String, AggregateFunction> FUNCTIONS = Map.ofEntries(
            Map.entry("percentile", AggregateFunction.PERCENTILE), Map.entry("median", AggregateFunction.PERCENTILE),
            Map.entry("percentile_approx", AggregateFunction.PERCENTILE_APPROX),
            Map.entry("approx_percentile", AggregateFunction.PERCENTILE_APPROX),
            Map.entry("mode", AggregateFunction.MODE),
            Map.entry("max_by", AggregateFunction.MAX_BY), Map.entry("min_by", AggregateFunction.MIN_BY),
            Map.entry("corr", AggregateFunction.CORR), Map.entry("covar_pop", AggregateFunction.COVAR_POP),
            Map.entry("covar_samp", AggregateFunction.COVAR_SAMP),
            Map.entry("skewness", AggregateFunction.SKEWNESS), Map.entry("kurtosis", AggregateFunction.KURTOSIS),
            Map.entry("count_if", AggregateFunction.COUNT),
            Map.entry("bool_and", AggregateFunction.MIN), Map.entry("every", AggregateFunction.MIN),
            Map.entry("bool_or", AggregateFunction.MAX), Map.entry("some", AggregateFunction.MAX),
            Map.entry("any", AggregateFunction.MAX));

    private StatisticalAggregates() {
    }

    static boolean handles(String name) {
        return FUNCTIONS.containsKey(name);
    }

    /** Types the call; {@code sql} is its text as Spark prints it ({@code name(arg, ...)}). */
    static AggregateFunctionExpression resolve(String name, boolean distinct, List<ResolvedExpression> args,
                                               String sql) {
        AggregateFunction function = FUNCTIONS.get(name);
        return switch (name) {
            case "count_if" -> {
                ResolvedExpression c = boolArgument(name, args, sql);
                ResolvedExpression one = new CaseWhenExpression(List.of(c),
                        List.of(ConstantExpression.of(DataTypes.IntegerType, 1)), null, DataTypes.IntegerType);
                yield new AggregateFunctionExpression(function, one, distinct, DataTypes.LongType, false, null, 0,
                        List.of(), null, sql);
            }
            case "bool_and", "every", "bool_or", "some", "any" -> new AggregateFunctionExpression(function,
                    boolArgument(name, args, sql), false, DataTypes.BooleanType, false, null, 0, List.of(), null, sql);
            case "median" -> {
                arity(name, args, 1, 1, "1");
                yield percentile(double1(args.get(0), sql, 1), null, Percentiles.of(0.5), distinct, sql);
            }
            case "percentile" -> {
                arity(name, args, 2, 3, "[2, 3]");
                Percentiles p = percentages(args.get(1), sql);
                ResolvedExpression frequency = args.size() == 3 ? frequency(args.get(2), sql) : null;
                String display = name + "(" + pretty(args.get(0)) + ", " + pretty(args.get(1)) + ", "
                        + (frequency == null ? "1" : pretty(args.get(2))) + ")";
                yield percentile(numeric(args.get(0), sql), frequency, p, distinct, display);
            }
            case "percentile_approx", "approx_percentile" -> {
                arity(name, args, 2, 3, "[2, 3]");
                ResolvedExpression x = args.get(0);
                DataType type = x.dataType();
                if (!(type.isNumeric() || type instanceof DateType || type instanceof TimestampType)) {
                    throw AnalysisErrors.unexpectedInputType(sql, 1,
                            "(\"NUMERIC\" or \"DATE\" or \"TIMESTAMP\" or \"ANSI INTERVAL\")", pretty(x), type);
                }
                int accuracy = args.size() == 3 ? accuracy(args.get(2), sql) : Percentiles.DEFAULT_ACCURACY;
                Percentiles p = percentages(args.get(1), sql).withAccuracy(accuracy);
                String display = name + "(" + pretty(x) + ", " + pretty(args.get(1)) + ", "
                        + (args.size() == 3 ? pretty(args.get(2)) : String.valueOf(accuracy)) + ")";
                yield new AggregateFunctionExpression(function, x, false,
                        AggregateCall.resultType(function, type, p), false, null, 0, List.of(), p, display);
            }
            case "mode" -> {
                arity(name, args, 1, 2, "[1, 2]");
                ResolvedExpression x = orderable(args.get(0), sql, 1);
                String display = null;
                if (args.size() == 2) {
                    if (!(args.get(1) instanceof ConstantExpression c && c.value() instanceof Boolean b)) {
                        throw AnalysisErrors.unexpectedInputType(sql, 2, "\"BOOLEAN\" literal", pretty(args.get(1)),
                                args.get(1).dataType());
                    }
                    // mode(x, true) is Spark's deterministic mode: the smallest of the most frequent values,
                    // which is what the engine returns for every mode; Spark prints it as an ordered-set call.
                    display = b ? "mode() WITHIN GROUP (ORDER BY " + pretty(x) + " DESC)" : sql;
                }
                yield new AggregateFunctionExpression(function, x, false, x.dataType(), false, null, 0, List.of(),
                        null, display);
            }
            case "max_by", "min_by" -> {
                arity(name, args, 2, 2, "2");
                ResolvedExpression value = args.get(0);
                if (value.dataType() instanceof ArrayType) {
                    throw AnalysisErrors.unsupported(name + " of an array (" + sql + ")");
                }
                ResolvedExpression ordering = orderable(args.get(1), sql, 2);
                yield new AggregateFunctionExpression(function, value, distinct, value.dataType(), false, null, 0,
                        List.of(ordering), null, null);
            }
            case "corr", "covar_pop", "covar_samp" -> {
                arity(name, args, 2, 2, "2");
                yield new AggregateFunctionExpression(function, double1(args.get(0), sql, 1), distinct,
                        DataTypes.DoubleType, false, null, 0, List.of(double1(args.get(1), sql, 2)), null, null);
            }
            case "skewness", "kurtosis" -> {
                arity(name, args, 1, 1, "1");
                yield new AggregateFunctionExpression(function, double1(args.get(0), sql, 1), distinct,
                        DataTypes.DoubleType, false, null, 0, List.of(), null, null);
            }
            default -> throw new IllegalArgumentException("not a statistical aggregate: " + name);
        };
    }

    private static AggregateFunctionExpression percentile(ResolvedExpression x, ResolvedExpression frequency,
                                                          Percentiles p, boolean distinct, String display) {
        return new AggregateFunctionExpression(AggregateFunction.PERCENTILE, x, distinct,
                AggregateCall.resultType(AggregateFunction.PERCENTILE, x.dataType(), p), false, null, 0,
                frequency == null ? List.of() : List.of(frequency), p, display);
    }

    private static void arity(String name, List<ResolvedExpression> args, int min, int max, String expected) {
        if (args.size() < min || args.size() > max) {
            throw AnalysisErrors.wrongNumArgs(name, expected, args.size());
        }
    }

    private static ResolvedExpression boolArgument(String name, List<ResolvedExpression> args, String sql) {
        arity(name, args, 1, 1, "1");
        ResolvedExpression c = args.get(0);
        if (c.dataType() instanceof NullType) {
            return TypeCoercion.cast(c, DataTypes.BooleanType);
        }
        if (!(c.dataType() instanceof BooleanType)) {
            throw AnalysisErrors.unexpectedInputType(sql, 1, "\"BOOLEAN\"", pretty(c), c.dataType());
        }
        return c;
    }

    /** A numeric (or string, or null) argument cast to double, as Spark's ImplicitCastInputTypes. */
    private static ResolvedExpression double1(ResolvedExpression e, String sql, int index) {
        DataType type = e.dataType();
        if (type.isNumeric() || type instanceof StringType || type instanceof NullType) {
            return TypeCoercion.cast(e, DataTypes.DoubleType);
        }
        throw AnalysisErrors.unexpectedInputType(sql, index, "\"DOUBLE\"", pretty(e), type);
    }

    /** percentile's value: numeric (kept as the counts' key type by Spark; as double here, which orders alike). */
    private static ResolvedExpression numeric(ResolvedExpression e, String sql) {
        DataType type = e.dataType();
        if (type.isNumeric() || type instanceof NullType) {
            return TypeCoercion.cast(e, DataTypes.DoubleType);
        }
        throw AnalysisErrors.unexpectedInputType(sql, 1, "(\"NUMERIC\" or \"ANSI INTERVAL\")", pretty(e), type);
    }

    private static ResolvedExpression orderable(ResolvedExpression e, String sql, int index) {
        if (e.dataType() instanceof ArrayType) {
            throw AnalysisErrors.unsupported("an aggregate ordering by an array (" + sql + ")");
        }
        return e;
    }

    private static ResolvedExpression frequency(ResolvedExpression f, String sql) {
        if (!f.dataType().isIntegral()) {
            throw AnalysisErrors.unexpectedInputType(sql, 3, "\"INTEGRAL\"", pretty(f), f.dataType());
        }
        return TypeCoercion.cast(f, DataTypes.LongType);
    }

    /** A constant percentage in [0, 1] or an array of them ({@code array(0.25, 0.75)} of numeric literals). */
    static Percentiles percentages(ResolvedExpression p, String sql) {
        if (p instanceof ConstantExpression c && c.value() instanceof Number n && c.dataType().isNumeric()) {
            return new Percentiles(List.of(checkPercentage(n.doubleValue(), p, sql)), false, 0);
        }
        if (p instanceof ScalarFunctionExpression f && f.name().equals("array") && !f.arguments().isEmpty()) {
            List<Double> values = new ArrayList<>();
            for (ResolvedExpression e : f.arguments()) {
                if (!(e instanceof ConstantExpression c && c.value() instanceof Number n && c.dataType().isNumeric())) {
                    throw notConstant(p, sql);
                }
                values.add(checkPercentage(n.doubleValue(), p, sql));
            }
            return new Percentiles(values, true, 0);
        }
        throw notConstant(p, sql);
    }

    private static double checkPercentage(double value, ResolvedExpression p, String sql) {
        if (!(value >= 0 && value <= 1)) {
            throw AnalysisErrors.valueOutOfRange(sql, "percentage", "[0.0, 1.0]", pretty(p));
        }
        return value;
    }

    private static RuntimeException notConstant(ResolvedExpression p, String sql) {
        return AnalysisErrors.nonFoldableInput(sql, "percentage", "\"DOUBLE\" or \"ARRAY<DOUBLE>\"", pretty(p));
    }

    private static int accuracy(ResolvedExpression a, String sql) {
        if (a instanceof ConstantExpression c && c.value() instanceof Number n && c.dataType().isIntegral()
                && n.longValue() > 0 && n.longValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        if (a instanceof ConstantExpression c && c.value() instanceof Number && c.dataType().isIntegral()) {
            throw AnalysisErrors.valueOutOfRange(sql, "accuracy", "(0, 2147483647]", pretty(a));
        }
        throw AnalysisErrors.nonFoldableInput(sql, "accuracy", "\"INT\"", pretty(a));
    }

    private static String pretty(ResolvedExpression e) {
        return ExpressionPrinter.pretty(e);
    }
}
