package io.updraft.core.typed;

import io.updraft.sql.Row;

import java.io.Serializable;

/**
 * A user-defined aggregate as the engine's accumulator runs it, one opaque buffer per group: {@link #zero}, then
 * {@link #update} with each input (the call's arguments as one Row), {@link #merge} of two buffers (partial states
 * from several tasks), {@link #result} at the end. Between a partial and a final aggregation a buffer travels as
 * its state value ({@link #toState} / {@link #fromState}: a Spark Java value of the call's state type, a Row for a
 * struct), written into the shuffle like a built-in aggregate's state. Implementations: {@link AggregatorAggregation}
 * (a typed {@code Aggregator} with its input encoder), {@link UntypedAggregation} (a
 * {@code UserDefinedAggregateFunction}). Travels as {@link UserCode}; not thread-safe once used (caches readers).
 */
public interface UserAggregation extends Serializable {
    Object zero();

    Object update(Object buffer, Row input);

    Object merge(Object buffer, Object other);

    Object result(Object buffer);

    Object toState(Object buffer);

    Object fromState(Object state);
}
