package io.updraft.core.plan;

import io.updraft.sql.types.DataType;

import java.util.Objects;

/**
 * The user code of a {@link AggregateFunction#USER_DEFINED} aggregate: {@code function} is a serialized
 * {@code io.updraft.core.typed.UserAggregation} ({@code UserCode}, base64) — an {@code Aggregator} with its input
 * encoder, or a {@code UserDefinedAggregateFunction}; {@code stateType} is the one partial-state column, the buffer
 * as its encoder (or buffer schema) writes it, so partial aggregates before a shuffle carry it like any built-in
 * state. {@code name} names it in messages and explain. Immutable.
 */
public record UserAggregate(String name, String function, DataType stateType) {
    public UserAggregate {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(stateType, "stateType is null");
    }
}
