package io.updraft.sql.expressions;

import io.updraft.core.typed.TypedAggregator;
import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.TypedColumn;

import java.util.Locale;

/**
 * Spark's typed {@code Aggregator<IN, BUF, OUT>}: subclass it with {@code zero}, {@code reduce}, {@code merge},
 * {@code finish}, {@code bufferEncoder} and {@code outputEncoder}, then use {@link #toColumn()} in a typed
 * {@code select} or {@code groupByKey(...).agg}, or {@code functions.udaf(aggregator, inputEncoder)} in an untyped
 * aggregation or SQL. It runs in the workers as a partial aggregation per task, the buffers written through
 * {@code bufferEncoder} into the shuffle and merged after it. Subclasses must be serializable (their fields too).
 */
public abstract class Aggregator<IN, BUF, OUT> implements TypedAggregator<IN, BUF, OUT> {
    private static final long serialVersionUID = 1L;

    /**
     * This aggregator as a typed column: its input is the whole object of the Dataset it is selected from (the
     * values of a {@code groupByKey}), read by that Dataset's encoder. On a DataFrame it gets the rows.
     */
    public TypedColumn<IN, OUT> toColumn() {
        return AggregatorColumn.of(this, Encoders.row());
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
