package io.updraft.engine.expr;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.function.FunctionCatalog;
import io.updraft.core.function.FunctionSignature;
import io.updraft.engine.expr.array.ArrayFunctions;
import io.updraft.engine.expr.conditional.ConditionalFunctions;
import io.updraft.engine.expr.datetime.DateTimeFunctions;
import io.updraft.engine.expr.math.MathFunctions;
import io.updraft.engine.expr.string.StringFunctions;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Binds core's {@link FunctionCatalog} to the engine: a factory per catalog entry with a kernel, keyed by its
 * canonical name, builds the kernel from the compiled arguments, coercing them to the types the kernel needs (a
 * no-op when the planner already cast them). A call by any of the entry's names (aliases included) finds it. A few
 * functions the analyzer rewrites are rewritten here too, for plans built by hand ({@link #rewrite}). An unknown
 * name or a wrong argument count is a USER error. Immutable.
 */
public final class FunctionRegistry {
    /** Builds the kernel of one call. */
    @FunctionalInterface
    public interface Factory {
        VectorExpression create(FunctionCall call);
    }

    /** Kernel factories by canonical catalog name. */
    static final Map<String, Factory> FACTORIES = factories();

    /** Every name (aliases included) the engine evaluates or rewrites, sorted. */
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
        io.updraft.engine.expr.nested.NestedFunctions.register(map);
        return Map.copyOf(map);
    }

    private static List<String> names() {
        TreeSet<String> names = new TreeSet<>();
        for (FunctionSignature f : FunctionCatalog.FUNCTIONS) {
            if (FACTORIES.containsKey(f.name()) || ConditionalFunctions.REWRITTEN.contains(f.name())) {
                names.addAll(f.names());
            }
        }
        return List.copyOf(names);
    }

    /**
     * Registers {@code factory} under each of {@code names}: canonical names of catalog entries with a kernel; any
     * other name, or one registered twice, is a programming error.
     */
    public static void add(Map<String, Factory> map, Factory factory, String... names) {
        for (String name : names) {
            Optional<FunctionSignature> f = FunctionCatalog.lookup(name);
            if (f.isEmpty() || !f.get().name().equals(name) || !f.get().hasKernel()) {
                throw new IllegalStateException("function " + name + " is not the canonical name of a catalog kernel");
            }
            if (map.put(name, factory) != null) {
                throw new IllegalStateException("function " + name + " registered twice");
            }
        }
    }

    /** The catalog entry a call by {@code name} (any case) names. */
    private static Optional<FunctionSignature> signature(String name) {
        return FunctionCatalog.lookup(name);
    }

    /** Whether {@code name} (any case) is a function the engine evaluates or rewrites. */
    static boolean isKnown(String name) {
        return NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The expression a rewritten function stands for (e.g. nullif as CASE), or null when it has a kernel. */
    static Expr rewrite(ScalarFunction f) {
        return signature(f.name()).map(s -> ConditionalFunctions.rewrite(s.name(), f)).orElse(null);
    }

    static VectorExpression create(String rawName, List<VectorExpression> args, DataType resultType,
                                   ExpressionCompiler compiler, List<VectorExpression> built,
                                   BufferAllocator allocator) {
        Optional<FunctionSignature> f = signature(rawName);
        Factory factory = f.map(s -> FACTORIES.get(s.name())).orElse(null);
        if (factory == null) {
            throw UpdraftException.user("Undefined function: " + rawName + ". Supported functions: "
                    + String.join(", ", NAMES));
        }
        return factory.create(new FunctionCall(f.get().name(), new ArrayList<>(args), resultType, compiler, built,
                allocator));
    }
}
