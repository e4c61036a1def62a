package io.updraft.planner.analysis;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The functions the analyzer knows: the aggregates the engine computes (sum, avg/mean, count, min,
 * max) and a small set of scalar functions the engine evaluates by name (see the module README).
 * Stateless.
 */
public final class FunctionRegistry {
    private static final Map<String, AggregateFunction> AGGREGATES = Map.of(
            "sum", AggregateFunction.SUM, "avg", AggregateFunction.AVG, "mean", AggregateFunction.AVG,
            "count", AggregateFunction.COUNT, "min", AggregateFunction.MIN, "max", AggregateFunction.MAX);
    /** Spark aggregates not supported yet: reported as unsupported rather than as unknown routines. */
    private static final Set<String> OTHER_AGGREGATES = Set.of("stddev", "stddev_samp", "stddev_pop", "variance",
            "var_samp", "var_pop", "first", "last", "any_value", "collect_list", "collect_set",
            "approx_count_distinct", "count_distinct", "sum_distinct", "percentile", "percentile_approx", "median",
            "bool_and", "bool_or", "every", "some", "any", "max_by", "min_by", "corr", "covar_pop", "covar_samp");
    private static final String NUMERIC_OR_ANSI_INTERVAL = "(\"NUMERIC\" or \"ANSI INTERVAL\")";

    private FunctionRegistry() {
    }

    /** Whether the name is an aggregate function (supported or not). */
    public static boolean isAggregate(String name) {
        return AGGREGATES.containsKey(name) || OTHER_AGGREGATES.contains(name);
    }

    /**
     * Types an aggregate call; {@code arguments} is empty for count(*). {@code sql} is the call's text for
     * error messages.
     */
    public static AggregateFunctionExpression aggregate(String name, boolean distinct, List<ResolvedExpression> arguments,
                                                        String sql) {
        AggregateFunction function = AGGREGATES.get(name);
        if (function == null) {
            throw AnalysisErrors.unsupported("aggregate function " + AnalysisErrors.quoteId(name));
        }
        if (distinct) {
            throw AnalysisErrors.unsupported("DISTINCT aggregates (" + sql + ")");
        }
        if (function == AggregateFunction.COUNT) {
            if (arguments.isEmpty()) {
                return new AggregateFunctionExpression(function, null, false, DataTypes.LongType);
            }
            if (arguments.size() > 1) {
                throw AnalysisErrors.unsupported("count with more than one argument (" + sql + ")");
            }
            return new AggregateFunctionExpression(function, arguments.get(0), false, DataTypes.LongType);
        }
        if (arguments.size() != 1) {
            throw AnalysisErrors.wrongNumArgs(name, "1", arguments.size());
        }
        ResolvedExpression argument = arguments.get(0);
        DataType type = argument.dataType();
        if (function == AggregateFunction.SUM || function == AggregateFunction.AVG) {
            if (type instanceof StringType || type instanceof NullType) {
                argument = TypeCoercion.cast(argument, DataTypes.DoubleType);
            } else if (!type.isNumeric()) {
                throw AnalysisErrors.unexpectedInputType(sql, 1, NUMERIC_OR_ANSI_INTERVAL,
                        ExpressionPrinter.pretty(argument), type);
            }
        }
        return new AggregateFunctionExpression(function, argument, false,
                AggregateCall.resultType(function, argument.dataType()));
    }

    /** Types a scalar function call, inserting Spark's implicit casts on the arguments. */
    public static ResolvedExpression scalar(String name, List<ResolvedExpression> args, String sql) {
        return switch (name) {
            case "upper", "lower", "trim", "ltrim", "rtrim" -> {
                expectCount(name, args, 1, 1);
                ResolvedExpression s = expect(sql, args, 0, DataTypes.StringType);
                yield new ScalarFunctionExpression(name, List.of(s), DataTypes.StringType, s.nullable());
            }
            case "length", "char_length", "character_length" -> {
                expectCount(name, args, 1, 1);
                ResolvedExpression s = expect(sql, args, 0, DataTypes.StringType);
                yield new ScalarFunctionExpression("length", List.of(s), DataTypes.IntegerType, s.nullable());
            }
            case "substring", "substr" -> {
                expectCount(name, args, 2, 3);
                List<ResolvedExpression> typed = new ArrayList<>();
                typed.add(expect(sql, args, 0, DataTypes.StringType));
                for (int i = 1; i < args.size(); i++) {
                    typed.add(expect(sql, args, i, DataTypes.IntegerType));
                }
                yield new ScalarFunctionExpression("substring", typed, DataTypes.StringType, anyNullable(typed));
            }
            case "concat" -> {
                List<ResolvedExpression> typed = new ArrayList<>();
                for (int i = 0; i < args.size(); i++) {
                    typed.add(expect(sql, args, i, DataTypes.StringType));
                }
                yield new ScalarFunctionExpression(name, typed, DataTypes.StringType, anyNullable(typed));
            }
            case "abs" -> {
                expectCount(name, args, 1, 1);
                ResolvedExpression x = args.get(0);
                if (x.dataType() instanceof StringType) {
                    x = TypeCoercion.cast(x, DataTypes.DoubleType);
                } else if (!x.dataType().isNumeric()) {
                    throw AnalysisErrors.unexpectedInputType(sql, 1, "\"NUMERIC\"", ExpressionPrinter.pretty(x),
                            x.dataType());
                }
                yield new ScalarFunctionExpression(name, List.of(x), x.dataType(), x.nullable());
            }
            case "coalesce" -> {
                if (args.isEmpty()) {
                    throw AnalysisErrors.wrongNumArgs(name, "> 0", 0);
                }
                Optional<DataType> common = TypeCoercion.widerCommonType(args.stream().map(ResolvedExpression::dataType).toList());
                if (common.isEmpty()) {
                    throw AnalysisErrors.dataDiffTypes(sql, name, args.stream().map(ResolvedExpression::dataType).toList());
                }
                List<ResolvedExpression> typed = args.stream().map(a -> TypeCoercion.cast(a, common.get())).toList();
                yield new ScalarFunctionExpression(name, typed, common.get(),
                        typed.stream().allMatch(ResolvedExpression::nullable));
            }
            case "year", "month", "quarter", "dayofmonth", "day", "dayofweek", "dayofyear" -> {
                expectCount(name, args, 1, 1);
                ResolvedExpression d = expect(sql, args, 0, DataTypes.DateType);
                String canonical = name.equals("day") ? "dayofmonth" : name;
                yield new ScalarFunctionExpression(canonical, List.of(d), DataTypes.IntegerType, d.nullable());
            }
            case "date_add", "date_sub" -> {
                expectCount(name, args, 2, 2);
                ResolvedExpression d = expect(sql, args, 0, DataTypes.DateType);
                ResolvedExpression n = expect(sql, args, 1, DataTypes.IntegerType);
                yield new ScalarFunctionExpression(name, List.of(d, n), DataTypes.DateType, d.nullable() || n.nullable());
            }
            case "add_months" -> {
                expectCount(name, args, 2, 2);
                ResolvedExpression d = expect(sql, args, 0, DataTypes.DateType);
                ResolvedExpression n = expect(sql, args, 1, DataTypes.IntegerType);
                yield new ScalarFunctionExpression(name, List.of(d, n), DataTypes.DateType, d.nullable() || n.nullable());
            }
            case "datediff" -> {
                expectCount(name, args, 2, 2);
                ResolvedExpression end = expect(sql, args, 0, DataTypes.DateType);
                ResolvedExpression start = expect(sql, args, 1, DataTypes.DateType);
                yield new ScalarFunctionExpression(name, List.of(end, start), DataTypes.IntegerType,
                        end.nullable() || start.nullable());
            }
            case "like" -> {
                expectCount(name, args, 2, 2);
                ResolvedExpression s = expect(sql, args, 0, DataTypes.StringType);
                ResolvedExpression pattern = expect(sql, args, 1, DataTypes.StringType);
                yield new ScalarFunctionExpression(name, List.of(s, pattern), DataTypes.BooleanType,
                        s.nullable() || pattern.nullable());
            }
            default -> throw AnalysisErrors.unresolvedRoutine(name);
        };
    }

    private static void expectCount(String name, List<ResolvedExpression> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw AnalysisErrors.wrongNumArgs(name, min == max ? String.valueOf(min) : "[" + min + ", " + max + "]",
                    args.size());
        }
    }

    /** The argument implicitly cast to {@code type}, or a type-mismatch error naming it. */
    private static ResolvedExpression expect(String sql, List<ResolvedExpression> args, int index, DataType type) {
        ResolvedExpression arg = args.get(index);
        DataType from = arg.dataType();
        if (type instanceof DateType && from instanceof StringType || TypeCoercion.canImplicitlyCast(from, type)) {
            return TypeCoercion.cast(arg, type);
        }
        throw AnalysisErrors.unexpectedInputType(sql, index + 1, AnalysisErrors.quoteType(type),
                ExpressionPrinter.pretty(arg), from);
    }

    private static boolean anyNullable(List<ResolvedExpression> args) {
        return args.stream().anyMatch(ResolvedExpression::nullable);
    }
}
