package io.updraft.core.typed;

import io.updraft.sql.Encoder;

import java.io.Serializable;

/**
 * The methods of Spark's typed {@code Aggregator<IN, BUF, OUT>} the workers call: {@code io.updraft.sql.expressions
 * .Aggregator} (in the api, where {@code toColumn()} lives) implements it, so the engine needs no api class.
 */
public interface TypedAggregator<IN, BUF, OUT> extends Serializable {
    /** The buffer of a group before any input (also of a global aggregate over no rows). */
    BUF zero();

    /** Adds one input to a buffer (may return the same object, changed). */
    BUF reduce(BUF buffer, IN input);

    /** Merges two buffers. */
    BUF merge(BUF buffer1, BUF buffer2);

    /** The result of a group's buffer. */
    OUT finish(BUF reduction);

    /** How the buffer is written between the partial and the final aggregation. */
    Encoder<BUF> bufferEncoder();

    /** How the result is written. */
    Encoder<OUT> outputEncoder();
}
