package io.updraft.planner.analysis;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.Casts;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one list of scalar functions: {@link #ENGINE_FUNCTIONS} are evaluated by the engine under their canonical
 * name ({@link io.updraft.core.expr.ScalarFunction#name()}), with arguments already cast to the listed types;
 * {@link #ALIASES} maps Spark's other spellings to them; {@link #REWRITTEN} are Spark functions the analyzer
 * expresses with other expressions (CASE, casts, IS NULL, arithmetic), so the engine never sees them.
 * The module README copies this table for the engine; a test keeps them in step. Stateless.
 */
public final class ScalarFunctionCatalog {
    /** Canonical engine name → signature after analysis ("numeric" = the argument's own numeric type). */
    public static final Map<String, String> ENGINE_FUNCTIONS = orderedMap(
            // strings
            "upper", "upper(string) → string",
            "lower", "lower(string) → string",
            "trim", "trim(string) → string (spaces)",
            "ltrim", "ltrim(string) → string",
            "rtrim", "rtrim(string) → string",
            "reverse", "reverse(string) → string",
            "initcap", "initcap(string) → string",
            "length", "length(string) → int (characters)",
            "substring", "substring(string, int pos[, int len]) → string (1-based; negative pos from the end)",
            "concat", "concat(string...) → string (null if any argument is null)",
            "concat_ws", "concat_ws(string sep, string...) → string (null arguments skipped)",
            "lpad", "lpad(string, int len, string pad) → string",
            "rpad", "rpad(string, int len, string pad) → string",
            "replace", "replace(string, string search, string replacement) → string",
            "repeat", "repeat(string, int n) → string",
            "instr", "instr(string, string substr) → int (1-based, 0 when absent)",
            "locate", "locate(string substr, string, int pos) → int (1-based, 0 when absent)",
            "like", "like(string, string pattern) → boolean (% and _, backslash escapes)",
            "rlike", "rlike(string, string regex) → boolean (Java regex, find anywhere)",
            "regexp_replace", "regexp_replace(string, string regex, string replacement) → string",
            "regexp_extract", "regexp_extract(string, string regex, int group) → string ('' when no match)",
            "startswith", "startswith(string, string) → boolean",
            "endswith", "endswith(string, string) → boolean",
            "contains", "contains(string, string) → boolean",
            // math
            "abs", "abs(numeric) → numeric",
            "round", "round(numeric, int scale literal) → numeric (HALF_UP; decimal(p,s) → decimal(p-s+1+min(s,d), min(s,d)))",
            "ceil", "ceil(double|bigint) → bigint; ceil(decimal(p,s)) → decimal(p-s+1,0)",
            "floor", "floor(double|bigint) → bigint; floor(decimal(p,s)) → decimal(p-s+1,0)",
            "sqrt", "sqrt(double) → double",
            "exp", "exp(double) → double",
            "ln", "ln(double) → double (null for x <= 0)",
            "log10", "log10(double) → double (null for x <= 0)",
            "log2", "log2(double) → double (null for x <= 0)",
            "log", "log(double base, double x) → double (null for x <= 0)",
            "pow", "pow(double, double) → double",
            "sign", "sign(double) → double (-1.0, 0.0, 1.0)",
            "greatest", "greatest(T, T...) → T (nulls skipped; null if all null)",
            "least", "least(T, T...) → T (nulls skipped; null if all null)",
            "coalesce", "coalesce(T...) → T (first non-null)",
            // dates and timestamps (UTC)
            "year", "year(date) → int",
            "quarter", "quarter(date) → int",
            "month", "month(date) → int",
            "dayofmonth", "dayofmonth(date) → int",
            "dayofweek", "dayofweek(date) → int (1 = Sunday)",
            "dayofyear", "dayofyear(date) → int",
            "weekofyear", "weekofyear(date) → int (ISO week)",
            "hour", "hour(timestamp) → int",
            "minute", "minute(timestamp) → int",
            "second", "second(timestamp) → int",
            "date_add", "date_add(date, int days) → date",
            "date_sub", "date_sub(date, int days) → date",
            "add_months", "add_months(date, int months) → date (clamped to the month's end)",
            "datediff", "datediff(date end, date start) → int (days)",
            "last_day", "last_day(date) → date",
            "next_day", "next_day(date, string dayOfWeek) → date (null for a bad day name)",
            "make_date", "make_date(int year, int month, int day) → date (null when invalid)",
            "to_date", "to_date(string, string format) → date (Spark datetime pattern; null when unparsable)",
            "to_timestamp", "to_timestamp(string, string format) → timestamp (null when unparsable)",
            "date_format", "date_format(timestamp, string format) → string",
            "date_trunc", "date_trunc(string unit, timestamp) → timestamp",
            "trunc", "trunc(date, string unit) → date (null for a bad unit)",
            // arrays
            "split", "split(string, string regex[, int limit]) → array<string> (Java regex; limit <= 0: all pieces)",
            "size", "size(array<T>) → int (null for a null array, Spark 4's ANSI default)",
            "array_contains", "array_contains(array<T>, T) → boolean (null if no match and a null element)");

    /** Spark spellings of engine functions. */
    public static final Map<String, String> ALIASES = orderedMap(
            "ucase", "upper", "lcase", "lower", "char_length", "length", "character_length", "length",
            "substr", "substring", "day", "dayofmonth", "ceiling", "ceil", "power", "pow", "signum", "sign",
            "regexp", "rlike", "regexp_like", "rlike", "position", "locate", "cardinality", "size");

    /** Spark functions the analyzer rewrites, with what they become. */
    public static final Map<String, String> REWRITTEN = orderedMap(
            "nullif", "nullif(a, b) → CASE WHEN a = b THEN NULL ELSE a END",
            "if", "if(c, a, b) → CASE WHEN c THEN a ELSE b END",
            "iff", "iff(c, a, b) → CASE WHEN c THEN a ELSE b END",
            "ifnull", "ifnull(a, b) → coalesce(a, b)",
            "nvl", "nvl(a, b) → coalesce(a, b)",
            "nvl2", "nvl2(a, b, c) → CASE WHEN a IS NOT NULL THEN b ELSE c END",
            "isnull", "isnull(a) → a IS NULL",
            "isnotnull", "isnotnull(a) → a IS NOT NULL",
            "left", "left(s, n) → substring(s, 1, n)",
            "right", "right(s, n) → substring(s, -n, n) (n > 0)",
            "mod", "mod(a, b) → a % b",
            "div", "a div b → integral division (bigint)",
            "to_date", "to_date(s) → CAST(s AS DATE)",
            "to_timestamp", "to_timestamp(s) → CAST(s AS TIMESTAMP)",
            "current_date", "current_date() → the date at analysis (UTC)",
            "current_timestamp", "current_timestamp(), now() → the instant at analysis",
            "string", "string(x), int(x), bigint(x), double(x), float(x), boolean(x), date(x), timestamp(x),"
                    + " decimal(x), smallint(x), tinyint(x) → CAST(x AS type)");

    private static final Set<String> ALWAYS_NULLABLE = Set.of("ln", "log10", "log2", "log", "next_day", "make_date",
            "to_date", "to_timestamp", "trunc", "date_trunc");

    private ScalarFunctionCatalog() {
    }

    private static Map<String, String> orderedMap(String... keyValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    static ResolvedExpression resolve(String name, List<ResolvedExpression> args, String sql) {
        String n = ALIASES.getOrDefault(name, name);
        return switch (n) {
            case "nullif" -> {
                count(name, args, 2, 2);
                ResolvedExpression eq = TypeCoercion.comparison(CompareOp.EQUAL, args.get(0), args.get(1));
                yield new CaseWhenExpression(List.of(eq), List.of(ConstantExpression.of(args.get(0).dataType(), null)),
                        args.get(0), args.get(0).dataType());
            }
            case "if", "iff" -> {
                count(name, args, 3, 3);
                yield ExpressionResolver.caseWhen(List.of(args.get(0)), List.of(args.get(1)), args.get(2));
            }
            case "ifnull", "nvl" -> {
                count(name, args, 2, 2);
                yield resolve("coalesce", args, sql);
            }
            case "nvl2" -> {
                count(name, args, 3, 3);
                yield ExpressionResolver.caseWhen(List.of(new IsNotNullExpression(args.get(0))),
                        List.of(args.get(1)), args.get(2));
            }
            case "isnull" -> {
                count(name, args, 1, 1);
                yield new IsNullExpression(args.get(0));
            }
            case "isnotnull" -> {
                count(name, args, 1, 1);
                yield new IsNotNullExpression(args.get(0));
            }
            case "left", "right" -> {
                count(name, args, 2, 2);
                ResolvedExpression s = expect(sql, args, 0, DataTypes.StringType);
                ResolvedExpression len = expect(sql, args, 1, DataTypes.IntegerType);
                ResolvedExpression pos = n.equals("left") ? ConstantExpression.of(DataTypes.IntegerType, 1)
                        : TypeCoercion.arithmetic(ArithmeticOp.SUBTRACT, ConstantExpression.of(DataTypes.IntegerType, 0),
                        len);
                yield engine("substring", List.of(s, pos, len), DataTypes.StringType);
            }
            case "mod" -> {
                count(name, args, 2, 2);
                yield TypeCoercion.arithmetic(ArithmeticOp.MOD, args.get(0), args.get(1));
            }
            case "div" -> {
                count(name, args, 2, 2);
                yield TypeCoercion.integralDivide(args.get(0), args.get(1));
            }
            case "current_date" -> {
                count(name, args, 0, 0);
                yield ConstantExpression.of(DataTypes.DateType, (int) LocalDate.now(ZoneOffset.UTC).toEpochDay());
            }
            case "current_timestamp", "now" -> {
                count(name, args, 0, 0);
                Instant now = Instant.now();
                yield ConstantExpression.of(DataTypes.TimestampType, now.getEpochSecond() * 1_000_000L
                        + now.getNano() / 1000);
            }
            case "string", "int", "integer", "bigint", "double", "float", "boolean", "date", "timestamp", "decimal",
                 "smallint", "tinyint" -> {
                count(name, args, 1, 1);
                DataType target = switch (n) {
                    case "string" -> DataTypes.StringType;
                    case "int", "integer", "smallint", "tinyint" -> DataTypes.IntegerType;
                    case "bigint" -> DataTypes.LongType;
                    case "double", "float" -> DataTypes.DoubleType;
                    case "boolean" -> DataTypes.BooleanType;
                    case "date" -> DataTypes.DateType;
                    case "timestamp" -> DataTypes.TimestampType;
                    default -> DecimalType.SYSTEM_DEFAULT_USER;
                };
                CastExpression cast = new CastExpression(args.get(0), target, true);
                if (!Casts.canCast(args.get(0).dataType(), target)) {
                    throw AnalysisErrors.castWithoutSuggestion(ExpressionPrinter.pretty(cast), args.get(0).dataType(),
                            target);
                }
                yield cast;
            }
            case "upper", "lower", "trim", "ltrim", "rtrim", "reverse", "initcap" ->
                    typed(n, name, sql, args, 1, DataTypes.StringType, DataTypes.StringType);
            case "length" -> typed(n, name, sql, args, 1, DataTypes.IntegerType, DataTypes.StringType);
            case "substring" -> typed(n, name, sql, args, 2, DataTypes.StringType, DataTypes.StringType,
                    DataTypes.IntegerType, DataTypes.IntegerType);
            case "concat" -> {
                List<ResolvedExpression> typed = new ArrayList<>();
                for (int i = 0; i < args.size(); i++) {
                    typed.add(expect(sql, args, i, DataTypes.StringType));
                }
                yield engine(n, typed, DataTypes.StringType);
            }
            case "concat_ws" -> {
                if (args.isEmpty()) {
                    throw AnalysisErrors.wrongNumArgs(name, "> 0", 0);
                }
                List<ResolvedExpression> typed = new ArrayList<>();
                for (int i = 0; i < args.size(); i++) {
                    typed.add(expect(sql, args, i, DataTypes.StringType));
                }
                yield new ScalarFunctionExpression(n, typed, DataTypes.StringType, typed.get(0).nullable());
            }
            case "lpad", "rpad" -> {
                count(name, args, 2, 3);
                if (args.size() == 2) {
                    args.add(ConstantExpression.of(DataTypes.StringType, " "));
                }
                yield typed(n, name, sql, args, 3, DataTypes.StringType, DataTypes.StringType, DataTypes.IntegerType,
                        DataTypes.StringType);
            }
            case "replace" -> {
                count(name, args, 2, 3);
                if (args.size() == 2) {
                    args.add(ConstantExpression.of(DataTypes.StringType, ""));
                }
                yield typed(n, name, sql, args, 3, DataTypes.StringType, DataTypes.StringType, DataTypes.StringType,
                        DataTypes.StringType);
            }
            case "repeat" -> typed(n, name, sql, args, 2, DataTypes.StringType, DataTypes.StringType,
                    DataTypes.IntegerType);
            case "instr" -> typed(n, name, sql, args, 2, DataTypes.IntegerType, DataTypes.StringType,
                    DataTypes.StringType);
            case "locate" -> {
                count(name, args, 2, 3);
                if (args.size() == 2) {
                    args.add(ConstantExpression.of(DataTypes.IntegerType, 1));
                }
                yield typed(n, name, sql, args, 3, DataTypes.IntegerType, DataTypes.StringType, DataTypes.StringType,
                        DataTypes.IntegerType);
            }
            case "like", "rlike", "startswith", "endswith", "contains" -> typed(n, name, sql, args, 2,
                    DataTypes.BooleanType, DataTypes.StringType, DataTypes.StringType);
            case "regexp_replace" -> typed(n, name, sql, args, 3, DataTypes.StringType, DataTypes.StringType,
                    DataTypes.StringType, DataTypes.StringType);
            case "regexp_extract" -> {
                count(name, args, 2, 3);
                if (args.size() == 2) {
                    args.add(ConstantExpression.of(DataTypes.IntegerType, 1));
                }
                yield typed(n, name, sql, args, 3, DataTypes.StringType, DataTypes.StringType, DataTypes.StringType,
                        DataTypes.IntegerType);
            }
            case "abs" -> {
                count(name, args, 1, 1);
                ResolvedExpression x = numeric(sql, args, 0);
                yield engine(n, List.of(x), x.dataType());
            }
            case "round" -> round(name, args, sql);
            case "ceil", "floor" -> {
                count(name, args, 1, 1);
                ResolvedExpression x = numeric(sql, args, 0);
                if (x.dataType() instanceof DecimalType d) {
                    yield engine(n, List.of(x), DecimalType.bounded(d.precision() - d.scale() + 1, 0));
                }
                ResolvedExpression arg = x.dataType() instanceof DoubleType ? x : TypeCoercion.cast(x, DataTypes.LongType);
                yield engine(n, List.of(arg), DataTypes.LongType);
            }
            case "sqrt", "exp", "ln", "log10", "log2", "sign" -> typed(n, name, sql, args, 1, DataTypes.DoubleType,
                    DataTypes.DoubleType);
            case "log" -> {
                count(name, args, 1, 2);
                if (args.size() == 1) {
                    yield typed("ln", name, sql, args, 1, DataTypes.DoubleType, DataTypes.DoubleType);
                }
                yield typed(n, name, sql, args, 2, DataTypes.DoubleType, DataTypes.DoubleType, DataTypes.DoubleType);
            }
            case "pow" -> typed(n, name, sql, args, 2, DataTypes.DoubleType, DataTypes.DoubleType,
                    DataTypes.DoubleType);
            case "coalesce", "greatest", "least" -> {
                int min = n.equals("coalesce") ? 1 : 2;
                if (args.size() < min) {
                    throw AnalysisErrors.wrongNumArgs(name, "> " + (min - 1), args.size());
                }
                List<DataType> types = args.stream().map(ResolvedExpression::dataType).toList();
                Optional<DataType> common = TypeCoercion.widerCommonType(types);
                if (common.isEmpty()) {
                    throw AnalysisErrors.dataDiffTypes(sql, name, types);
                }
                List<ResolvedExpression> typed = args.stream().map(a -> TypeCoercion.cast(a, common.get())).toList();
                yield new ScalarFunctionExpression(n, typed, common.get(),
                        typed.stream().allMatch(ResolvedExpression::nullable));
            }
            case "year", "quarter", "month", "dayofmonth", "dayofweek", "dayofyear", "weekofyear" ->
                    typed(n, name, sql, args, 1, DataTypes.IntegerType, DataTypes.DateType);
            case "hour", "minute", "second" -> typed(n, name, sql, args, 1, DataTypes.IntegerType,
                    DataTypes.TimestampType);
            case "date_add", "date_sub", "add_months" -> typed(n, name, sql, args, 2, DataTypes.DateType,
                    DataTypes.DateType, DataTypes.IntegerType);
            case "datediff" -> typed(n, name, sql, args, 2, DataTypes.IntegerType, DataTypes.DateType,
                    DataTypes.DateType);
            case "last_day" -> typed(n, name, sql, args, 1, DataTypes.DateType, DataTypes.DateType);
            case "next_day" -> typed(n, name, sql, args, 2, DataTypes.DateType, DataTypes.DateType,
                    DataTypes.StringType);
            case "make_date" -> typed(n, name, sql, args, 3, DataTypes.DateType, DataTypes.IntegerType,
                    DataTypes.IntegerType, DataTypes.IntegerType);
            case "to_date", "to_timestamp" -> {
                count(name, args, 1, 2);
                DataType target = n.equals("to_date") ? DataTypes.DateType : DataTypes.TimestampType;
                if (args.size() == 1) {
                    yield new CastExpression(expectCastable(sql, args, 0, target), target, false);
                }
                yield typed(n, name, sql, args, 2, target, DataTypes.StringType, DataTypes.StringType);
            }
            case "date_format" -> typed(n, name, sql, args, 2, DataTypes.StringType, DataTypes.TimestampType,
                    DataTypes.StringType);
            case "date_trunc" -> typed(n, name, sql, args, 2, DataTypes.TimestampType, DataTypes.StringType,
                    DataTypes.TimestampType);
            case "trunc" -> typed(n, name, sql, args, 2, DataTypes.DateType, DataTypes.DateType, DataTypes.StringType);
            case "split" -> {
                count(name, args, 2, 3);
                if (args.size() == 2) {
                    args.add(ConstantExpression.of(DataTypes.IntegerType, -1));
                }
                yield typed(n, name, sql, args, 3, new ArrayType(DataTypes.StringType, false), DataTypes.StringType,
                        DataTypes.StringType, DataTypes.IntegerType);
            }
            case "size" -> {
                count(name, args, 1, 1);
                ResolvedExpression array = array(sql, args, 0);
                yield new ScalarFunctionExpression(n, List.of(array), DataTypes.IntegerType, array.nullable());
            }
            case "array_contains" -> {
                count(name, args, 2, 2);
                ResolvedExpression array = array(sql, args, 0);
                DataType element = ((ArrayType) array.dataType()).elementType();
                ResolvedExpression value = args.get(1);
                if (!value.dataType().equals(element) && !(value.dataType() instanceof NullType)
                        && !TypeCoercion.canImplicitlyCast(value.dataType(), element)) {
                    throw AnalysisErrors.unexpectedInputType(sql, 2, AnalysisErrors.quoteType(element),
                            ExpressionPrinter.pretty(value), value.dataType());
                }
                yield new ScalarFunctionExpression(n, List.of(array, TypeCoercion.cast(value, element)),
                        DataTypes.BooleanType, true);
            }
            default -> throw AnalysisErrors.unresolvedRoutine(name);
        };
    }

    /** Argument {@code index}, which must be an array. */
    private static ResolvedExpression array(String sql, List<ResolvedExpression> args, int index) {
        ResolvedExpression a = args.get(index);
        if (!(a.dataType() instanceof ArrayType)) {
            throw AnalysisErrors.unexpectedInputType(sql, index + 1, "\"ARRAY\"", ExpressionPrinter.pretty(a),
                    a.dataType());
        }
        return a;
    }

    private static ResolvedExpression expectCastable(String sql, List<ResolvedExpression> args, int i, DataType target) {
        ResolvedExpression a = args.get(i);
        if (!Casts.canCast(a.dataType(), target)) {
            throw AnalysisErrors.unexpectedInputType(sql, i + 1, AnalysisErrors.quoteType(DataTypes.StringType),
                    ExpressionPrinter.pretty(a), a.dataType());
        }
        return a;
    }

    /** round(x[, scale]): the scale must be an int literal; Spark's result types. */
    private static ResolvedExpression round(String name, List<ResolvedExpression> args, String sql) {
        count(name, args, 1, 2);
        ResolvedExpression x = numeric(sql, args, 0);
        int scale = 0;
        ConstantExpression scaleLiteral = ConstantExpression.of(DataTypes.IntegerType, 0);
        if (args.size() == 2) {
            if (!(args.get(1) instanceof ConstantExpression c) || !(c.value() instanceof Integer s)) {
                throw AnalysisErrors.unexpectedInputType(sql, 2, "\"INT\" literal",
                        ExpressionPrinter.pretty(args.get(1)), args.get(1).dataType());
            }
            scale = s;
            scaleLiteral = c;
        }
        DataType type = x.dataType();
        if (type instanceof DecimalType d) {
            int integral = d.precision() - d.scale() + 1;
            type = scale < 0 ? DecimalType.bounded(Math.max(integral, -scale + 1), 0)
                    : DecimalType.bounded(integral + Math.min(d.scale(), scale), Math.min(d.scale(), scale));
        }
        return engine("round", List.of(x, scaleLiteral), type);
    }

    private static ScalarFunctionExpression engine(String name, List<ResolvedExpression> args, DataType type) {
        boolean nullable = ALWAYS_NULLABLE.contains(name) || args.stream().anyMatch(ResolvedExpression::nullable);
        return new ScalarFunctionExpression(name, args, type, nullable);
    }

    /** Checks the count (between {@code min} and the number of {@code types}) and casts each argument. */
    private static ScalarFunctionExpression typed(String canonical, String name, String sql, List<ResolvedExpression> args,
                                                  int min, DataType result, DataType... types) {
        count(name, args, min, types.length);
        List<ResolvedExpression> typed = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            typed.add(expect(sql, args, i, types[i]));
        }
        return engine(canonical, typed, result);
    }

    private static void count(String name, List<ResolvedExpression> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw AnalysisErrors.wrongNumArgs(name, min == max ? String.valueOf(min) : "[" + min + ", " + max + "]",
                    args.size());
        }
    }

    /** A numeric argument as is; a string or null one cast to double; anything else is an error. */
    private static ResolvedExpression numeric(String sql, List<ResolvedExpression> args, int index) {
        ResolvedExpression x = args.get(index);
        if (x.dataType() instanceof StringType || x.dataType() instanceof NullType) {
            return TypeCoercion.cast(x, DataTypes.DoubleType);
        }
        if (!x.dataType().isNumeric()) {
            throw AnalysisErrors.unexpectedInputType(sql, index + 1, "\"NUMERIC\"", ExpressionPrinter.pretty(x),
                    x.dataType());
        }
        return x;
    }

    /** The argument implicitly cast to {@code type}, or a type-mismatch error naming it. */
    static ResolvedExpression expect(String sql, List<ResolvedExpression> args, int index, DataType type) {
        ResolvedExpression arg = args.get(index);
        DataType from = arg.dataType();
        if (type instanceof DateType && (from instanceof StringType || from instanceof TimestampType)
                || type instanceof TimestampType && (from instanceof StringType || from instanceof DateType)
                || type instanceof IntegerType && from.isNumeric() && !(from instanceof IntegerType)
                && arg instanceof ConstantExpression
                || TypeCoercion.canImplicitlyCast(from, type)) {
            return TypeCoercion.cast(arg, type);
        }
        throw AnalysisErrors.unexpectedInputType(sql, index + 1, AnalysisErrors.quoteType(type),
                ExpressionPrinter.pretty(arg), from);
    }
}
