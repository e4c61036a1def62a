package io.updraft.engine.expr.string;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.FunctionCall;
import io.updraft.engine.expr.FunctionRegistry.Factory;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.DataTypes;

import java.util.Map;

import static io.updraft.engine.expr.FunctionRegistry.add;

/**
 * Factories of the string functions. Positions and lengths count characters (code points) of the UTF-8
 * values, not bytes, as Spark; matching (replace, instr, startswith, LIKE without '_') works on the bytes.
 */
public final class StringFunctions {
    private StringFunctions() {
    }

    public static void register(Map<String, Factory> map) {
        add(map, c -> new CaseConversionFunction(c.arity(1, 1).string(0), true, c.allocator()), "upper");
        add(map, c -> new CaseConversionFunction(c.arity(1, 1).string(0), false, c.allocator()), "lower");
        add(map, c -> new TrimFunction(c.arity(1, 1).string(0), !c.name().equals("rtrim"), !c.name().equals("ltrim"),
                c.allocator()), "trim", "ltrim", "rtrim");
        add(map, c -> new ReverseFunction(c.arity(1, 1).string(0), c.allocator()), "reverse");
        add(map, c -> new InitCapFunction(c.arity(1, 1).string(0), c.allocator()), "initcap");
        add(map, c -> new LengthFunction(c.arity(1, 1).string(0), c.allocator()), "length");
        add(map, c -> new SubstringFunction(c.arity(2, 3).string(0), c.integer(1), c.size() == 3 ? c.integer(2) : null,
                c.allocator()), "substring");
        add(map, c -> new ConcatFunction(c.allAs(0, DataTypes.StringType), c.allocator()), "concat");
        add(map, c -> new ConcatWsFunction(c.arity(1, Integer.MAX_VALUE).allAs(0, DataTypes.StringType), c.allocator()),
                "concat_ws");
        add(map, c -> new PadFunction(c.arity(2, 3).string(0), c.integer(1),
                c.size() == 3 ? c.string(2) : c.literal(DataTypes.StringType, " "), c.name().equals("lpad"),
                c.allocator()), "lpad", "rpad");
        add(map, c -> new ReplaceFunction(c.arity(2, 3).string(0), c.string(1),
                c.size() == 3 ? c.string(2) : c.literal(DataTypes.StringType, ""), c.allocator()), "replace");
        add(map, c -> new RepeatFunction(c.arity(2, 2).string(0), c.integer(1), c.allocator()), "repeat");
        add(map, c -> new LocateFunction(c.arity(2, 2).string(1), c.string(0), null, c.allocator()), "instr");
        add(map, c -> new LocateFunction(c.arity(2, 3).string(0), c.string(1), c.size() == 3 ? c.integer(2) : null,
                c.allocator()), "locate");
        add(map, StringFunctions::like, "like");
        add(map, c -> new RegexpLikeFunction(c.arity(2, 2).string(0), c.string(1), c.allocator()), "rlike");
        add(map, c -> new RegexpReplaceFunction(c.arity(3, 3).string(0), c.string(1), c.string(2), c.allocator()),
                "regexp_replace");
        add(map, c -> new RegexpExtractFunction(c.arity(2, 3).string(0), c.string(1),
                c.size() == 3 ? c.integer(2) : c.literal(DataTypes.IntegerType, 1), c.allocator()), "regexp_extract");
        add(map, c -> new StringMatchFunction(c.arity(2, 2).string(0), c.string(1), StringMatchFunction.Kind.STARTS_WITH,
                c.allocator()), "startswith");
        add(map, c -> new StringMatchFunction(c.arity(2, 2).string(0), c.string(1), StringMatchFunction.Kind.ENDS_WITH,
                c.allocator()), "endswith");
        add(map, c -> new StringMatchFunction(c.arity(2, 2).string(0), c.string(1), StringMatchFunction.Kind.CONTAINS,
                c.allocator()), "contains");
    }

    /** like(str, pattern[, escape]): the escape must be a constant single character (default backslash). */
    private static VectorExpression like(FunctionCall c) {
        c.arity(2, 3);
        char escape = '\\';
        if (c.size() == 3) {
            Object value = c.constant(c.string(2), "escape character");
            if (!(value instanceof String s) || s.length() != 1) {
                throw UpdraftException.user("The escape character of like must be a single character, got "
                        + (value == null ? "null" : "'" + value + "'"));
            }
            escape = s.charAt(0);
        }
        return new LikeFunction(c.string(0), c.string(1), escape, c.allocator());
    }
}
