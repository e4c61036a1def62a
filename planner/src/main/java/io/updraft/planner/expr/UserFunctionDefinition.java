package io.updraft.planner.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;

import java.util.Objects;

/**
 * A user-defined function as the Dataset API hands it to the planner (Spark's {@code UserDefinedFunction},
 * {@code UserDefinedAggregateFunction}, an {@code Aggregator} through {@code udaf} or {@code toColumn}).
 * {@code function} is its serialized user code (core's {@code ScalarUserFunction} for SCALAR, a
 * {@code UserAggregation} for AGGREGATE; opaque here). {@code name} is Spark's display name ({@code UDF} for an
 * unnamed scalar UDF). {@code arity}: the number of arguments it takes (-1: any). {@code inputSchema}: the names and
 * types the arguments are cast to and passed as (an untyped aggregate's input schema, an {@code udaf}'s input
 * encoder), null when the function takes the arguments as they are (Java UDFs, as Spark's have no input encoders;
 * {@code toColumn()}'s Dataset columns). {@code stateType}: an aggregate's one partial-state column (null for
 * SCALAR). Immutable.
 */
public record UserFunctionDefinition(Kind kind, String name, String function, DataType dataType, boolean nullable,
                                     boolean deterministic, int arity, StructType inputSchema, DataType stateType) {
    public enum Kind { SCALAR, AGGREGATE }

    public UserFunctionDefinition {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        if ((kind == Kind.AGGREGATE) != (stateType != null)) {
            throw new IllegalArgumentException("an aggregate (and only an aggregate) has a state type");
        }
        if (inputSchema != null && arity != inputSchema.size()) {
            throw new IllegalArgumentException("arity " + arity + " but " + inputSchema.size() + " input fields");
        }
    }

    public UserFunctionDefinition withName(String newName) {
        return new UserFunctionDefinition(kind, newName, function, dataType, nullable, deterministic, arity,
                inputSchema, stateType);
    }

    public UserFunctionDefinition withNullable(boolean newNullable) {
        return new UserFunctionDefinition(kind, name, function, dataType, newNullable, deterministic, arity,
                inputSchema, stateType);
    }

    public UserFunctionDefinition withDeterministic(boolean newDeterministic) {
        return new UserFunctionDefinition(kind, name, function, dataType, nullable, newDeterministic, arity,
                inputSchema, stateType);
    }
}
