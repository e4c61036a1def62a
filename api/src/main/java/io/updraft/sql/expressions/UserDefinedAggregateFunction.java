package io.updraft.sql.expressions;

import io.updraft.core.typed.UntypedAggregator;

/**
 * Spark's untyped (deprecated since Spark 3.0, still what the guide shows) {@code UserDefinedAggregateFunction}:
 * subclass it with {@code inputSchema}, {@code bufferSchema}, {@code dataType}, {@code deterministic},
 * {@code initialize}, {@code update}, {@code merge} and {@code evaluate}; call it with {@link #apply} or register it
 * ({@code session.udf().register(name, udaf)}) for SQL. The arguments are cast to the input schema's types; the
 * buffer is a {@link MutableAggregationBuffer} of the buffer schema, written into the shuffle between the partial
 * and the final aggregation. Subclasses must be serializable (their fields too). The workers load this class (a
 * user's subclass extends it) but none of the api: its methods (and those of its superclass
 * {@link UserDefinedAggregateFunctionBase}, which holds {@code apply} and {@code definition}) only call
 * {@link UserDefinedAggregates}, and no method it declares names an api or planner class.
 */
public abstract non-sealed class UserDefinedAggregateFunction extends UserDefinedAggregateFunctionBase
        implements UntypedAggregator {
    private static final long serialVersionUID = 1L;

    /**
     * Serialization as is. Declared so that reading a subclass on a worker stops looking for this method here:
     * above it is {@link UserDefinedAggregateFunctionBase}, whose methods name classes the worker lacks.
     */
    protected Object writeReplace() {
        return this;
    }

    /** Serialization as is; declared for the reason {@link #writeReplace()} is. */
    protected Object readResolve() {
        return this;
    }
}
