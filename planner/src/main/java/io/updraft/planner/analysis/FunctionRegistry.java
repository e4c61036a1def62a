package io.updraft.planner.analysis;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The functions the analyzer knows: aggregates (the ones core's {@link AggregateFunction} computes, under Spark's
 * names) and scalar functions, typed by {@link ScalarFunctionResolver} from core's
 * {@link io.updraft.core.function.FunctionCatalog} (the one list of scalar functions, shared with the engine). Stateless.
 */
public final class FunctionRegistry {
    private static final Map<String, AggregateFunction> AGGREGATES = Map.ofEntries(
            Map.entry("sum", AggregateFunction.SUM), Map.entry("avg", AggregateFunction.AVG),
            Map.entry("mean", AggregateFunction.AVG), Map.entry("count", AggregateFunction.COUNT),
            Map.entry("min", AggregateFunction.MIN), Map.entry("max", AggregateFunction.MAX),
            Map.entry("stddev", AggregateFunction.STDDEV_SAMP), Map.entry("std", AggregateFunction.STDDEV_SAMP),
            Map.entry("stddev_samp", AggregateFunction.STDDEV_SAMP),
            Map.entry("stddev_pop", AggregateFunction.STDDEV_POP),
            Map.entry("variance", AggregateFunction.VAR_SAMP), Map.entry("var_samp", AggregateFunction.VAR_SAMP),
            Map.entry("var_pop", AggregateFunction.VAR_POP),
            Map.entry("first", AggregateFunction.FIRST), Map.entry("first_value", AggregateFunction.FIRST),
            Map.entry("any_value", AggregateFunction.FIRST),
            Map.entry("last", AggregateFunction.LAST), Map.entry("last_value", AggregateFunction.LAST),
            Map.entry("collect_list", AggregateFunction.COLLECT_LIST), Map.entry("array_agg", AggregateFunction.COLLECT_LIST),
            Map.entry("collect_set", AggregateFunction.COLLECT_SET),
            Map.entry("approx_count_distinct", AggregateFunction.APPROX_COUNT_DISTINCT));
    /** Spark aggregates not supported yet: reported as unsupported rather than as unknown routines. */
    private static final Set<String> OTHER_AGGREGATES = Set.of("count_distinct", "sum_distinct");
    private static final String NUMERIC_OR_ANSI_INTERVAL = "(\"NUMERIC\" or \"ANSI INTERVAL\")";

    private FunctionRegistry() {
    }

    /** Whether the name is an aggregate function (supported or not). */
    public static boolean isAggregate(String name) {
        return AGGREGATES.containsKey(name) || StatisticalAggregates.handles(name) || OTHER_AGGREGATES.contains(name);
    }

    /** Whether the aggregate's second argument is a percentage or an array of them. */
    static boolean takesPercentages(String name) {
        return name.equals("percentile") || name.equals("percentile_approx") || name.equals("approx_percentile");
    }

    /**
     * Types an aggregate call; {@code arguments} is empty for count(*). {@code sql} is the call's text for
     * error messages.
     */
    public static AggregateFunctionExpression aggregate(String name, boolean distinct, List<ResolvedExpression> arguments,
                                                        String sql) {
        if (StatisticalAggregates.handles(name)) {
            return StatisticalAggregates.resolve(name, distinct, arguments, sql);
        }
        AggregateFunction function = AGGREGATES.get(name);
        if (function == null) {
            throw AnalysisErrors.unsupported("aggregate function " + AnalysisErrors.quoteId(name));
        }
        if (function == AggregateFunction.COUNT) {
            if (arguments.isEmpty()) {
                if (distinct) {
                    throw AnalysisErrors.wrongNumArgs(name, "> 0", 0);
                }
                return new AggregateFunctionExpression(function, null, false, DataTypes.LongType);
            }
            if (arguments.size() > 1) {
                if (distinct) {
                    // count(DISTINCT a, b): the distinct rewrite counts the (a, b) pairs without a null
                    return new AggregateFunctionExpression(function, arguments.get(0), true, DataTypes.LongType,
                            false, null, 0, arguments.subList(1, arguments.size()), null, null);
                }
                // count(a, b) counts rows where no argument is null.
                ResolvedExpression anyNull = null;
                for (ResolvedExpression a : arguments) {
                    ResolvedExpression isNull = new IsNullExpression(a);
                    anyNull = anyNull == null ? isNull : new OrExpression(anyNull, isNull);
                }
                ResolvedExpression one = new CaseWhenExpression(List.of(anyNull),
                        List.of(ConstantExpression.of(DataTypes.IntegerType, null)), ConstantExpression.of(
                        DataTypes.IntegerType, 1), DataTypes.IntegerType);
                return new AggregateFunctionExpression(function, one, false, DataTypes.LongType);
            }
            return new AggregateFunctionExpression(function, arguments.get(0), distinct, DataTypes.LongType);
        }
        boolean ignoreNulls = false;
        if ((function == AggregateFunction.FIRST || function == AggregateFunction.LAST) && arguments.size() == 2) {
            if (!(arguments.get(1) instanceof ConstantExpression c && c.value() instanceof Boolean b)) {
                throw AnalysisErrors.unexpectedInputType(sql, 2, "\"BOOLEAN\" literal",
                        ExpressionPrinter.pretty(arguments.get(1)), arguments.get(1).dataType());
            }
            ignoreNulls = b;
            arguments = arguments.subList(0, 1);
        }
        double relativeSD = 0;
        if (function == AggregateFunction.APPROX_COUNT_DISTINCT) {
            if (arguments.size() == 2) {
                relativeSD = relativeSD(arguments.get(1), sql);
                arguments = arguments.subList(0, 1);
            } else {
                relativeSD = AggregateCall.DEFAULT_RELATIVE_SD;
            }
            // approx_count_distinct(DISTINCT x) counts the same values.
            distinct = false;
        }
        if (function == AggregateFunction.COLLECT_SET) {
            distinct = false;
        }
        if (arguments.size() != 1) {
            throw AnalysisErrors.wrongNumArgs(name, function == AggregateFunction.APPROX_COUNT_DISTINCT
                    || function == AggregateFunction.FIRST || function == AggregateFunction.LAST ? "[1, 2]" : "1",
                    arguments.size());
        }
        ResolvedExpression argument = arguments.get(0);
        DataType type = argument.dataType();
        switch (function) {
            case SUM, AVG -> {
                // Spark's sum and avg of a float are doubles; tinyint and smallint sum as bigint (read as int here)
                if (type instanceof StringType || type instanceof NullType
                        || type instanceof io.updraft.sql.types.FloatType) {
                    argument = TypeCoercion.cast(argument, DataTypes.DoubleType);
                } else if (!type.isNumeric()) {
                    throw AnalysisErrors.unexpectedInputType(sql, 1, NUMERIC_OR_ANSI_INTERVAL,
                            ExpressionPrinter.pretty(argument), type);
                }
            }
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP -> {
                if (type instanceof StringType || type instanceof NullType || type.isNumeric()) {
                    argument = TypeCoercion.cast(argument, DataTypes.DoubleType);
                } else {
                    throw AnalysisErrors.unexpectedInputType(sql, 1, "\"DOUBLE\"", ExpressionPrinter.pretty(argument),
                            type);
                }
            }
            default -> {
                // MIN, MAX, FIRST, LAST, COLLECT_LIST, COLLECT_SET, APPROX_COUNT_DISTINCT accept every type but
                // arrays (not implemented yet).
                if (type instanceof ArrayType) {
                    throw AnalysisErrors.unsupported(name + " of an array (" + sql + ")");
                }
            }
        }
        return new AggregateFunctionExpression(function, argument, distinct,
                AggregateCall.resultType(function, argument.dataType()), ignoreNulls, null, relativeSD);
    }

    /** approx_count_distinct's rsd: a numeric literal giving a HyperLogLog++ precision in 4..18. */
    private static double relativeSD(ResolvedExpression rsd, String sql) {
        if (!(rsd instanceof ConstantExpression c) || !(c.value() instanceof Number number)
                || !c.dataType().isNumeric()) {
            throw AnalysisErrors.unexpectedInputType(sql, 2, "\"DOUBLE\" literal", ExpressionPrinter.pretty(rsd),
                    rsd.dataType());
        }
        double value = number.doubleValue();
        if (!(value > 0) || AggregateCall.hllPrecision(value) < 4) {
            throw AnalysisErrors.unsupported("approx_count_distinct with relativeSD " + value + " in " + sql
                    + ": HLL++ requires at least 4 bits for addressing; use a relativeSD of at most 0.39");
        }
        if (AggregateCall.hllPrecision(value) > 18) {
            throw AnalysisErrors.unsupported("approx_count_distinct with relativeSD " + value + " in " + sql
                    + ": use a relativeSD of at least 0.0022 (HyperLogLog++ precision 18)");
        }
        return value;
    }

    /** Rewritten functions whose generated column name is the call as written, as Spark's RuntimeReplaceable. */
    private static final Set<String> NAMED_AS_WRITTEN = Set.of("nullif", "if", "iff", "ifnull", "nvl", "nvl2", "left",
            "right");

    /**
     * The generated column name of a call: Spark names a call by the function name the user wrote ({@code stddev(x)},
     * {@code mean(x)}, {@code nullif(a, b)}), even when it resolves to another function or expression;
     * {@code resolvedName} is the resolved expression's name.
     */
    public static String displayName(io.updraft.planner.expr.FunctionCall f, String resolvedName) {
        if (NAMED_AS_WRITTEN.contains(f.name())) {
            return f.sql();
        }
        AggregateFunction function = AGGREGATES.get(f.name());
        if (function != null) {
            String canonical = function.name().toLowerCase(java.util.Locale.ROOT) + "(";
            if (resolvedName.startsWith(canonical) && !f.name().equals(function.name().toLowerCase(java.util.Locale.ROOT))) {
                return f.name() + "(" + resolvedName.substring(canonical.length());
            }
        }
        return resolvedName;
    }

    /** Types a scalar function call, inserting Spark's implicit casts on the arguments. */
    public static ResolvedExpression scalar(String name, List<ResolvedExpression> args, String sql) {
        return ScalarFunctionResolver.resolve(name, args, sql);
    }
}
