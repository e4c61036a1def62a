package io.updraft.engine.expr.conditional;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.CaseWhen;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.function.Arity;
import io.updraft.core.function.FunctionCatalog;
import io.updraft.engine.expr.FunctionCall;
import io.updraft.engine.expr.FunctionRegistry.Factory;
import io.updraft.engine.expr.VectorExpression;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static io.updraft.engine.expr.FunctionRegistry.add;

/**
 * Conditional functions: coalesce has a kernel; ifnull/nvl (as coalesce), nullif, nvl2, if/iff, isnull and
 * isnotnull are rewritten before compiling, as Spark defines them (the planner already rewrites them; these cover
 * plans built by hand). Names are the catalog's canonical ones.
 */
public final class ConditionalFunctions {
    public static final Set<String> REWRITTEN = Set.of("nullif", "nvl2", "if", "isnull", "isnotnull", "ifnull");

    private ConditionalFunctions() {
    }

    public static void register(Map<String, Factory> map) {
        add(map, ConditionalFunctions::coalesce, "coalesce");
    }

    private static VectorExpression coalesce(FunctionCall c) {
        c.arity(1, Integer.MAX_VALUE);
        return new CoalesceFunction(c.allAs(0, c.resultType()), c.resultType(), c.allocator());
    }

    /**
     * The expression {@code f} stands for, or null when {@code name} (canonical) is not a rewritten function.
     * Errors name the function as {@code f} calls it.
     */
    public static Expr rewrite(String name, ScalarFunction f) {
        if (!REWRITTEN.contains(name)) {
            return null;
        }
        List<Expr> args = f.arguments();
        Arity arity = FunctionCatalog.lookup(name).orElseThrow().arity();
        if (!arity.accepts(args.size())) {
            throw UpdraftException.user("Function " + f.name().toLowerCase(Locale.ROOT) + " takes " + arity.min()
                    + " arguments but got " + args.size());
        }
        return switch (name) {
            // nullif(a, b) = CASE WHEN a = b THEN NULL ELSE a END (compared in their common type)
            case "nullif" -> new CaseWhen(List.of(new Comparison(CompareOp.EQUAL, args.get(0), args.get(1))),
                    List.of(new Literal(f.dataType(), null)), args.get(0), f.dataType());
            case "nvl2" -> new CaseWhen(List.of(new IsNotNull(args.get(0))), List.of(args.get(1)), args.get(2),
                    f.dataType());
            case "ifnull" -> new ScalarFunction("coalesce", args, f.dataType());
            case "if" -> new CaseWhen(List.of(args.get(0)), List.of(args.get(1)), args.get(2), f.dataType());
            case "isnull" -> new IsNull(args.get(0));
            default -> new IsNotNull(args.get(0));
        };
    }
}
