package io.updraft.planner.analysis;

import io.updraft.planner.expr.UserFunctionDefinition;

import java.util.Optional;

/**
 * The session's registered user-defined functions ({@code session.udf().register}), by case-insensitive name:
 * what the analyzer resolves a {@code FunctionCall} against before the built-in functions (a registered name
 * shadows a built-in one, as in Spark). Implementations are thread-safe.
 */
public interface UserFunctions {
    /** No registered functions. */
    UserFunctions NONE = name -> Optional.empty();

    Optional<UserFunctionDefinition> lookup(String name);
}
