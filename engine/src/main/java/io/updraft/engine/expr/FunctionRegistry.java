package io.updraft.engine.expr;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.StringType;
import org.apache.arrow.memory.BufferAllocator;

import java.util.List;
import java.util.Locale;

/**
 * Built-in scalar functions by lower-case Spark name. Arguments are coerced to the types a function
 * needs (e.g. substring positions to int, year's argument to date); an unknown name or a wrong
 * argument count is a USER error.
 */
final class FunctionRegistry {
    static final List<String> NAMES = List.of("substring", "substr", "upper", "ucase", "lower", "lcase", "length",
            "char_length", "character_length", "year", "month", "dayofmonth", "day", "abs", "round", "coalesce",
            "concat", "trim", "ltrim", "rtrim");

    private FunctionRegistry() {
    }

    static VectorExpression create(String rawName, List<VectorExpression> args, DataType resultType,
                                   ExpressionCompiler compiler, List<VectorExpression> built,
                                   BufferAllocator allocator) {
        String name = rawName.toLowerCase(Locale.ROOT);
        switch (name) {
            case "substring", "substr" -> {
                arity(name, args, 2, 3);
                VectorExpression str = compiler.cast(args.get(0), DataTypes.StringType, built);
                VectorExpression pos = compiler.cast(args.get(1), DataTypes.IntegerType, built);
                VectorExpression len = args.size() == 3 ? compiler.cast(args.get(2), DataTypes.IntegerType, built)
                        : null;
                return new SubstringFunction(str, pos, len, allocator);
            }
            case "upper", "ucase", "lower", "lcase" -> {
                arity(name, args, 1, 1);
                return new CaseConversionFunction(compiler.cast(args.get(0), DataTypes.StringType, built),
                        name.equals("upper") || name.equals("ucase"), allocator);
            }
            case "length", "char_length", "character_length" -> {
                arity(name, args, 1, 1);
                return new LengthFunction(compiler.cast(args.get(0), DataTypes.StringType, built), allocator);
            }
            case "year", "month", "dayofmonth", "day" -> {
                arity(name, args, 1, 1);
                VectorExpression date = args.get(0).type() instanceof DateType ? args.get(0)
                        : compiler.cast(args.get(0), DataTypes.DateType, built);
                DatePartFunction.Part part = switch (name) {
                    case "year" -> DatePartFunction.Part.YEAR;
                    case "month" -> DatePartFunction.Part.MONTH;
                    default -> DatePartFunction.Part.DAY;
                };
                return new DatePartFunction(date, part, allocator);
            }
            case "abs" -> {
                arity(name, args, 1, 1);
                return new AbsFunction(compiler.cast(args.get(0), resultType, built), allocator);
            }
            case "round" -> {
                arity(name, args, 1, 2);
                int scale = 0;
                if (args.size() == 2) {
                    if (!(args.get(1) instanceof LiteralExpression lit) || !(lit.value() instanceof Number number)) {
                        throw UpdraftException.user("round: the scale must be an integer literal");
                    }
                    scale = number.intValue();
                }
                return new RoundFunction(args.get(0), scale, resultType, allocator);
            }
            case "coalesce" -> {
                if (args.isEmpty()) {
                    throw UpdraftException.user("coalesce needs at least one argument");
                }
                List<VectorExpression> cast = args.stream().map(a -> compiler.cast(a, resultType, built)).toList();
                return new CoalesceFunction(cast, resultType, allocator);
            }
            case "concat" -> {
                List<VectorExpression> cast = args.stream()
                        .map(a -> a.type() instanceof StringType ? a : compiler.cast(a, DataTypes.StringType, built))
                        .toList();
                return new ConcatFunction(cast, allocator);
            }
            case "trim", "ltrim", "rtrim" -> {
                arity(name, args, 1, 1);
                return new TrimFunction(compiler.cast(args.get(0), DataTypes.StringType, built),
                        !name.equals("rtrim"), !name.equals("ltrim"), allocator);
            }
            default -> throw UpdraftException.user("Undefined function: " + rawName
                    + ". Supported functions: " + String.join(", ", NAMES));
        }
    }

    private static void arity(String name, List<VectorExpression> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw UpdraftException.user("Function " + name + " takes " + (min == max ? min + "" : min + " to " + max)
                    + " arguments but got " + args.size());
        }
    }
}
