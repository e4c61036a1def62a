package io.updraft.sql.expressions;

import io.updraft.core.typed.TypedAggregator;
import io.updraft.sql.Encoder;

import java.util.Locale;

/**
 * Spark's typed {@code Aggregator<IN, BUF, OUT>}: subclass it with {@code zero}, {@code reduce}, {@code merge},
 * {@code finish}, {@code bufferEncoder} and {@code outputEncoder}, then use {@link #toColumn()} in a typed
 * {@code select} or {@code groupByKey(...).agg}, or {@code functions.udaf(aggregator, inputEncoder)} in an untyped
 * aggregation or SQL. It runs in the workers as a partial aggregation per task, the buffers written through
 * {@code bufferEncoder} into the shuffle and merged after it. Subclasses must be serializable (their fields too).
 */
public abstract non-sealed class Aggregator<IN, BUF, OUT> extends AggregatorBase<IN, BUF, OUT>
        implements TypedAggregator<IN, BUF, OUT> {
    private static final long serialVersionUID = 1L;

    /**
     * Serialization as is. Declared so that reading a subclass on a worker stops looking for this method here,
     * above it is {@link AggregatorBase}, whose methods name api classes the worker lacks.
     */
    protected Object writeReplace() {
        return this;
    }

    /** Serialization as is; declared for the reason {@link #writeReplace()} is. */
    protected Object readResolve() {
        return this;
    }

    /** Spark's name of the aggregator's column: the class's simple name, lower-cased. */
    static String displayName(Aggregator<?, ?, ?> aggregator) {
        String name = aggregator.getClass().getSimpleName();
        return (name.isEmpty() ? "aggregator" : name).toLowerCase(Locale.ROOT);
    }

    /** The encoder of the aggregator's result, for its typed column. */
    static <O> Encoder<O> outputOf(Aggregator<?, ?, O> aggregator) {
        return aggregator.outputEncoder();
    }
}
