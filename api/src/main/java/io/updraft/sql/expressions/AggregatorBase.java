package io.updraft.sql.expressions;

import io.updraft.sql.Encoders;
import io.updraft.sql.TypedColumn;

/**
 * The half of {@link Aggregator} whose signatures name the api ({@link #toColumn()} returns a {@link TypedColumn}).
 * It is a separate, non-serializable superclass because a worker reads a user's aggregator with Java
 * serialization, whose class descriptors reflect on the declared methods of every serializable class of the
 * hierarchy (and walk up it for {@code readResolve}/{@code writeReplace}, which {@link Aggregator} declares to stop
 * the walk there): reflection loads every type a declared method names, and the worker has no api. Only
 * {@link Aggregator} extends it (sealed). Public because javac gives a public class that extends a package-private
 * one a bridge for each public method it inherits, and that bridge would name the api again.
 */
public abstract sealed class AggregatorBase<IN, BUF, OUT> permits Aggregator {
    /** For {@link Aggregator}; protected, as Java serialization calls the first non-serializable constructor. */
    protected AggregatorBase() {
    }

    /**
     * This aggregator as a typed column: its input is the whole object of the Dataset it is selected from (the
     * values of a {@code groupByKey}), read by that Dataset's encoder. On a DataFrame it gets the rows.
     */
    @SuppressWarnings("unchecked")
    public TypedColumn<IN, OUT> toColumn() {
        return AggregatorColumn.of((Aggregator<?, ?, OUT>) this, Encoders.row());
    }
}
