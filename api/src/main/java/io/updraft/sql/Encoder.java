package io.updraft.sql;

import java.io.Serializable;

/**
 * Turns result rows into objects of type {@code T}, as Spark's {@code Encoder}. {@link Encoders#row()}
 * gives the DataFrame's rows as they are; the single-value encoders ({@link Encoders#STRING()}, ...)
 * take the first column. Implementations are immutable.
 */
public interface Encoder<T> extends Serializable {
    /** The class of {@code T}, for arrays returned by {@code collect()}. */
    Class<T> clsTag();

    /** The object for one result row (which carries the Dataset's schema). */
    T fromRow(Row row);
}
