package io.updraft.planner.analysis;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.function.ArgumentTypes;
import io.updraft.core.function.FunctionCatalog;
import io.updraft.core.function.FunctionSignature;
import io.updraft.core.function.FunctionSignature.Kind;
import io.updraft.core.function.ResultType;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
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
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Optional;

/**
 * Types a scalar function call from core's {@link FunctionCatalog}: resolves the name (aliases included),
 * checks the argument count, fills in defaulted arguments, casts the arguments as the entry's
 * {@link ArgumentTypes} rule says (Spark's implicit coercion) and takes the result type and nullability from
 * the entry; {@link Kind#REWRITTEN} functions become the expressions they stand for. Errors are Spark's
 * (UNRESOLVED_ROUTINE, WRONG_NUM_ARGS, DATATYPE_MISMATCH). Stateless.
 */
final class ScalarFunctionResolver {
    /**
     * Aliases Spark 4.2 prints by the name they were called by (its FunctionRegistry's {@code setAlias}):
     * {@code substr(g, 1, 2)}, where the other aliases print the function's own name.
     */
    private static final Set<String> PRINTED_ALIASES = Set.of("substr");
    private ScalarFunctionResolver() {
    }

    static ResolvedExpression resolve(String name, List<ResolvedExpression> arguments, String sql) {
        FunctionSignature f = FunctionCatalog.lookup(name).filter(s -> s.kind() != Kind.ENGINE_ONLY)
                .orElseThrow(() -> AnalysisErrors.unresolvedRoutine(name));
        if (!f.arity().accepts(arguments.size())) {
            throw AnalysisErrors.wrongNumArgs(name, f.arity().expected(), arguments.size());
        }
        List<ResolvedExpression> args = new ArrayList<>(arguments);
        int firstDefaulted = f.arity().max() - f.defaults().size();
        for (int i = Math.max(args.size(), firstDefaulted); i < f.arity().max(); i++) {
            Object value = f.defaults().get(i - firstDefaulted);
            args.add(ConstantExpression.of(value instanceof String ? DataTypes.StringType : DataTypes.IntegerType,
                    value));
        }
        return f.kind() == Kind.REWRITTEN ? rewrite(f, args, sql) : kernel(f, name, args, sql);
    }

    /** An engine call: arguments cast by the entry's rule, result type and nullability from the entry. */
    private static ResolvedExpression kernel(FunctionSignature f, String name, List<ResolvedExpression> args,
                                             String sql) {
        if (f.name().equals("log") && args.size() == 1) {
            return kernel(signature("ln"), name, args, sql);
        }
        if ((f.name().equals("to_date") || f.name().equals("to_timestamp")) && args.size() == 1) {
            DataType target = f.name().equals("to_date") ? DataTypes.DateType : DataTypes.TimestampType;
            return new CastExpression(expectCastable(sql, args, 0, target), target, false);
        }
        List<ResolvedExpression> typed = new ArrayList<>();
        int scale = 0;
        switch (f.arguments()) {
            case ArgumentTypes.Fixed fixed -> {
                for (int i = 0; i < args.size(); i++) {
                    typed.add(expect(sql, args, i, fixed.types().get(i)));
                }
            }
            case ArgumentTypes.Repeated repeated -> {
                for (int i = 0; i < args.size(); i++) {
                    typed.add(expect(sql, args, i, repeated.type()));
                }
            }
            case ArgumentTypes.Numeric ignored -> {
                ResolvedExpression x = numeric(sql, args, 0);
                // ceil / floor take a double or decimal as is, any other numeric as bigint
                if (f.result() instanceof ResultType.CeilFloor && !(x.dataType() instanceof DecimalType)
                        && !(x.dataType() instanceof DoubleType)) {
                    x = TypeCoercion.cast(x, DataTypes.LongType);
                }
                typed.add(x);
            }
            case ArgumentTypes.NumericAndScale ignored -> {
                typed.add(numeric(sql, args, 0));
                if (!(args.get(1) instanceof ConstantExpression c) || !(c.value() instanceof Integer s)) {
                    throw AnalysisErrors.unexpectedInputType(sql, 2, "\"INT\" literal",
                            ExpressionPrinter.pretty(args.get(1)), args.get(1).dataType());
                }
                scale = s;
                typed.add(c);
            }
            case ArgumentTypes.CommonType ignored -> {
                List<DataType> types = args.stream().map(ResolvedExpression::dataType).toList();
                Optional<DataType> common = TypeCoercion.widerCommonType(types);
                if (common.isEmpty()) {
                    throw AnalysisErrors.dataDiffTypes(sql, name, types);
                }
                args.forEach(a -> typed.add(TypeCoercion.cast(a, common.get())));
            }
            case ArgumentTypes.Array ignored -> typed.add(array(sql, args, 0));
            case ArgumentTypes.ArrayAndElement ignored -> {
                ResolvedExpression array = array(sql, args, 0);
                DataType element = ((ArrayType) array.dataType()).elementType();
                ResolvedExpression value = args.get(1);
                if (!value.dataType().equals(element) && !(value.dataType() instanceof NullType)
                        && !TypeCoercion.canImplicitlyCast(value.dataType(), element)) {
                    throw AnalysisErrors.unexpectedInputType(sql, 2, AnalysisErrors.quoteType(element),
                            ExpressionPrinter.pretty(value), value.dataType());
                }
                typed.add(array);
                typed.add(TypeCoercion.cast(value, element));
            }
            case ArgumentTypes.Arithmetic ignored -> {
                ArithmeticExpression operation = (ArithmeticExpression) TypeCoercion.arithmetic(ArithmeticOp.MOD,
                        args.get(0), args.get(1));
                typed.add(operation.left());
                typed.add(operation.right());
            }
            case ArgumentTypes.NamedStruct ignored -> {
                return NestedFunctionResolver.namedStruct(sql, args);
            }
            case ArgumentTypes.ArrayElements ignored -> {
                return NestedFunctionResolver.array(sql, args);
            }
            case ArgumentTypes.MapEntries ignored -> {
                return NestedFunctionResolver.map(sql, args);
            }
            case ArgumentTypes.Map ignored -> {
                return NestedFunctionResolver.mapPart(f.name(), sql, args);
            }
            case ArgumentTypes.StructAndOrdinal ignored -> throw new IllegalStateException(
                    "get_struct_field is built by the analyzer");
            case ArgumentTypes.MapAndKey ignored -> {
                return NestedFunctionResolver.elementAt(sql, args);
            }
            case ArgumentTypes.Castable ignored -> throw new IllegalStateException(f.name() + " is a cast");
            case ArgumentTypes.AsRewritten ignored -> throw new IllegalStateException(f.name() + " is rewritten");
        }
        ScalarFunctionExpression call = call(f, typed, scale);
        String called = name.toLowerCase(Locale.ROOT);
        return PRINTED_ALIASES.contains(called) ? new ScalarFunctionExpression(call.name(), call.arguments(),
                call.dataType(), call.nullable(), called) : call;
    }

    private static ScalarFunctionExpression call(FunctionSignature f, List<ResolvedExpression> typed, int scale) {
        DataType type = f.result().resultType(typed.stream().map(ResolvedExpression::dataType).toList(), scale);
        boolean nullable = f.nullability().nullable(typed.stream().map(ResolvedExpression::nullable).toList());
        return new ScalarFunctionExpression(f.name(), typed, type, nullable);
    }

    /** The expression a {@link Kind#REWRITTEN} function stands for. */
    private static ResolvedExpression rewrite(FunctionSignature f, List<ResolvedExpression> args, String sql) {
        if (f.arguments() instanceof ArgumentTypes.Castable) {
            DataType target = ((ResultType.Fixed) f.result()).type();
            CastExpression cast = new CastExpression(args.get(0), target, true);
            if (!Casts.canCast(args.get(0).dataType(), target)) {
                throw AnalysisErrors.castWithoutSuggestion(ExpressionPrinter.pretty(cast), args.get(0).dataType(),
                        target);
            }
            return cast;
        }
        return switch (f.name()) {
            case "nullif" -> {
                ResolvedExpression eq = TypeCoercion.comparison(CompareOp.EQUAL, args.get(0), args.get(1));
                yield new CaseWhenExpression(List.of(eq), List.of(ConstantExpression.of(args.get(0).dataType(), null)),
                        args.get(0), args.get(0).dataType());
            }
            case "if" -> ExpressionResolver.caseWhen(List.of(args.get(0)), List.of(args.get(1)), args.get(2));
            case "ifnull" -> resolve("coalesce", args, sql);
            case "nvl2" -> ExpressionResolver.caseWhen(List.of(new IsNotNullExpression(args.get(0))),
                    List.of(args.get(1)), args.get(2));
            case "struct" -> NestedFunctionResolver.struct(sql, args);
            case "isnull" -> new IsNullExpression(args.get(0));
            case "isnotnull" -> new IsNotNullExpression(args.get(0));
            case "left", "right" -> {
                ResolvedExpression s = expect(sql, args, 0, DataTypes.StringType);
                ResolvedExpression len = expect(sql, args, 1, DataTypes.IntegerType);
                ResolvedExpression pos = f.name().equals("left") ? ConstantExpression.of(DataTypes.IntegerType, 1)
                        : TypeCoercion.arithmetic(ArithmeticOp.SUBTRACT, ConstantExpression.of(DataTypes.IntegerType, 0),
                        len);
                yield call(signature("substring"), List.of(s, pos, len), 0);
            }
            case "mod" -> TypeCoercion.arithmetic(ArithmeticOp.MOD, args.get(0), args.get(1));
            case "div" -> TypeCoercion.integralDivide(args.get(0), args.get(1));
            case "current_date" -> ConstantExpression.of(DataTypes.DateType,
                    (int) LocalDate.now(ZoneOffset.UTC).toEpochDay());
            case "current_timestamp" -> {
                Instant now = Instant.now();
                yield ConstantExpression.of(DataTypes.TimestampType, now.getEpochSecond() * 1_000_000L
                        + now.getNano() / 1000);
            }
            default -> throw new IllegalStateException("no rewrite for function " + f.name());
        };
    }

    private static FunctionSignature signature(String name) {
        return FunctionCatalog.lookup(name).orElseThrow();
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
    private static ResolvedExpression expect(String sql, List<ResolvedExpression> args, int index, DataType type) {
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
