package io.updraft.core.function;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What one scalar function is: its canonical name (the one the engine is called with) and Spark's other
 * spellings, who evaluates it, how many arguments it takes and of what types, the values the analyzer fills in
 * for omitted trailing arguments, its result type and nullability, and Spark's {@code deterministic} and
 * {@code NullIntolerant} properties. {@code description} is the signature as the planner README shows it.
 *
 * @param defaults values of the optional trailing arguments, {@code defaults.get(i)} for argument
 *                 {@code arity.max() - defaults.size() + i} (typed as that argument); may hold null
 * @param nullIntolerant Spark's NullIntolerant: the result is null whenever any argument is
 */
public record FunctionSignature(String name, List<String> aliases, Kind kind, Arity arity, ArgumentTypes arguments,
                                List<Object> defaults, ResultType result, Nullability nullability,
                                boolean deterministic, boolean nullIntolerant, String description) {
    /** Who evaluates a function. */
    public enum Kind {
        /** An engine kernel, called under {@link #name()} with arguments already cast as {@link #arguments()} says. */
        ENGINE,
        /** Rewritten by the analyzer into other expressions (CASE, casts, IS NULL, arithmetic, literals). */
        REWRITTEN,
        /**
         * An engine kernel the analyzer does not offer (its semantics differ from Spark's in ANSI mode): only
         * plans built by hand call it; SQL and the Dataset API report an unresolved routine.
         */
        ENGINE_ONLY
    }

    public FunctionSignature {
        Objects.requireNonNull(name, "name is null");
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(arity, "arity is null");
        Objects.requireNonNull(arguments, "arguments is null");
        defaults = Collections.unmodifiableList(new ArrayList<>(defaults));
        Objects.requireNonNull(result, "result is null");
        Objects.requireNonNull(nullability, "nullability is null");
        Objects.requireNonNull(description, "description is null");
        if (defaults.size() > arity.max() - arity.min()) {
            throw new IllegalArgumentException(name + ": " + defaults.size() + " defaults for arity " + arity);
        }
        if (arguments instanceof ArgumentTypes.Fixed f && arity.max() != f.types().size()) {
            throw new IllegalArgumentException(name + ": " + f.types().size() + " argument types for arity " + arity);
        }
    }

    /** An engine function: null when any argument is, NullIntolerant and deterministic. */
    static FunctionSignature engine(String name, Arity arity, ArgumentTypes arguments, ResultType result,
                                    String description) {
        return new FunctionSignature(name, List.of(), Kind.ENGINE, arity, arguments, List.of(), result,
                Nullability.ANY_ARGUMENT, true, true, description);
    }

    /** A function the analyzer rewrites; {@code description} says into what. */
    static FunctionSignature rewritten(String name, Arity arity, ArgumentTypes arguments, ResultType result,
                                       String description) {
        return new FunctionSignature(name, List.of(), Kind.REWRITTEN, arity, arguments, List.of(), result,
                Nullability.ANY_ARGUMENT, true, false, description);
    }

    FunctionSignature withAliases(String... names) {
        return new FunctionSignature(name, Arrays.asList(names), kind, arity, arguments, defaults, result,
                nullability, deterministic, nullIntolerant, description);
    }

    FunctionSignature withDefaults(Object... values) {
        return new FunctionSignature(name, aliases, kind, arity, arguments, Arrays.asList(values), result,
                nullability, deterministic, nullIntolerant, description);
    }

    FunctionSignature withNullability(Nullability value) {
        return new FunctionSignature(name, aliases, kind, arity, arguments, defaults, result, value, deterministic,
                nullIntolerant, description);
    }

    FunctionSignature nullTolerant() {
        return new FunctionSignature(name, aliases, kind, arity, arguments, defaults, result, nullability,
                deterministic, false, description);
    }

    FunctionSignature withKind(Kind value) {
        return new FunctionSignature(name, aliases, value, arity, arguments, defaults, result, nullability,
                deterministic, nullIntolerant, description);
    }

    /** The canonical name and the aliases. */
    public List<String> names() {
        List<String> names = new ArrayList<>(aliases.size() + 1);
        names.add(name);
        names.addAll(aliases);
        return List.copyOf(names);
    }

    /** Whether the engine has a kernel for it ({@link Kind#ENGINE} or {@link Kind#ENGINE_ONLY}). */
    public boolean hasKernel() {
        return kind != Kind.REWRITTEN;
    }
}
