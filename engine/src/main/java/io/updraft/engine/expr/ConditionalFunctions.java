package io.updraft.engine.expr;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.CaseWhen;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.engine.expr.FunctionRegistry.Factory;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.updraft.engine.expr.FunctionRegistry.add;

/**
 * Conditional functions: coalesce (nvl, ifnull) has a kernel; nullif, nvl2, if/iff, isnull and isnotnull are
 * rewritten into CASE / IS [NOT] NULL expressions before compiling, as Spark defines them (the planner already
 * rewrites them; these cover plans built by hand).
 */
final class ConditionalFunctions {
    static final Set<String> REWRITTEN = Set.of("nullif", "nvl2", "if", "iff", "isnull", "isnotnull");

    private ConditionalFunctions() {
    }

    static void register(Map<String, Factory> map) {
        add(map, ConditionalFunctions::coalesce, "coalesce");
        add(map, c -> coalesce(c.arity(2, 2)), "nvl", "ifnull");
    }

    private static VectorExpression coalesce(FunctionCall c) {
        c.arity(1, Integer.MAX_VALUE);
        return new CoalesceFunction(c.allAs(0, c.resultType()), c.resultType(), c.allocator());
    }

    /** The expression {@code f} stands for, or null when {@code name} is not a rewritten function. */
    static Expr rewrite(String name, ScalarFunction f) {
        if (!REWRITTEN.contains(name)) {
            return null;
        }
        List<Expr> args = f.arguments();
        int expected = switch (name) {
            case "nullif" -> 2;
            case "nvl2", "if", "iff" -> 3;
            default -> 1;
        };
        if (args.size() != expected) {
            throw UpdraftException.user("Function " + name + " takes " + expected + " arguments but got " + args.size());
        }
        return switch (name) {
            // nullif(a, b) = CASE WHEN a = b THEN NULL ELSE a END (compared in their common type)
            case "nullif" -> new CaseWhen(List.of(new Comparison(CompareOp.EQUAL, args.get(0), args.get(1))),
                    List.of(new Literal(f.dataType(), null)), args.get(0), f.dataType());
            case "nvl2" -> new CaseWhen(List.of(new IsNotNull(args.get(0))), List.of(args.get(1)), args.get(2),
                    f.dataType());
            case "if", "iff" -> new CaseWhen(List.of(args.get(0)), List.of(args.get(1)), args.get(2), f.dataType());
            case "isnull" -> new IsNull(args.get(0));
            default -> new IsNotNull(args.get(0));
        };
    }
}
