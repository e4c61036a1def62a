package io.updraft.engine.expr;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Built-in scalar functions by lower-case Spark name (canonical names of the planner's
 * {@code ScalarFunctionCatalog} plus Spark's aliases and a few more): a factory per name builds the kernel
 * from the compiled arguments, coercing them to the types the kernel needs (a no-op when the planner already
 * cast them). A few names are rewritten into other expressions before compiling ({@link #rewrite}). An
 * unknown name, a known but unimplemented one ({@link #NOT_IMPLEMENTED}) or a wrong argument count is a
 * USER error. Immutable.
 */
final class FunctionRegistry {
    /** Builds the kernel of one call. */
    @FunctionalInterface
    interface Factory {
        VectorExpression create(FunctionCall call);
    }

    private static final Map<String, Factory> FACTORIES = factories();

    /** Spark functions the engine knows of but cannot evaluate yet, with the reason; see the README. */
    static final Map<String, String> NOT_IMPLEMENTED = Map.of();

    /** Every name the engine evaluates (factories and rewrites), sorted. */
    static final List<String> NAMES = names();

    private FunctionRegistry() {
    }

    private static Map<String, Factory> factories() {
        Map<String, Factory> map = new HashMap<>();
        StringFunctions.register(map);
        MathFunctions.register(map);
        DateTimeFunctions.register(map);
        ConditionalFunctions.register(map);
        ArrayFunctions.register(map);
        return Map.copyOf(map);
    }

    private static List<String> names() {
        TreeSet<String> names = new TreeSet<>(FACTORIES.keySet());
        names.addAll(ConditionalFunctions.REWRITTEN);
        return List.copyOf(names);
    }

    /** Registers {@code factory} under each of {@code names}; a name registered twice is a programming error. */
    static void add(Map<String, Factory> map, Factory factory, String... names) {
        for (String name : names) {
            if (map.put(name, factory) != null) {
                throw new IllegalStateException("function " + name + " registered twice");
            }
        }
    }

    /** Whether {@code name} (any case) is a function the engine evaluates or knows it does not implement. */
    static boolean isKnown(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return NAMES.contains(n) || NOT_IMPLEMENTED.containsKey(n);
    }

    /** The expression a rewritten function stands for (e.g. nullif as CASE), or null when it has a kernel. */
    static Expr rewrite(ScalarFunction f) {
        return ConditionalFunctions.rewrite(f.name().toLowerCase(Locale.ROOT), f);
    }

    static VectorExpression create(String rawName, List<VectorExpression> args, DataType resultType,
                                   ExpressionCompiler compiler, List<VectorExpression> built,
                                   BufferAllocator allocator) {
        String name = rawName.toLowerCase(Locale.ROOT);
        Factory factory = FACTORIES.get(name);
        if (factory == null) {
            String reason = NOT_IMPLEMENTED.get(name);
            if (reason != null) {
                throw UpdraftException.user("Function " + name + " is not supported by the Updraft engine yet: "
                        + reason);
            }
            throw UpdraftException.user("Undefined function: " + rawName + ". Supported functions: "
                    + String.join(", ", NAMES));
        }
        return factory.create(new FunctionCall(name, new ArrayList<>(args), resultType, compiler, built, allocator));
    }
}
