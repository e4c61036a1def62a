package io.updraft.sql;

import io.updraft.sql.types.StructType;

import java.io.Serializable;
import java.util.function.Function;

/**
 * Maps objects of type {@code T} to rows and back, as Spark's {@code Encoder}: {@link #schema()} is the row layout of
 * its objects. Made by {@link Encoders}; implementations are immutable and serializable (they travel with typed
 * operations to the workers).
 */
public interface Encoder<T> extends Serializable {
    /** The columns of one object, as Spark's {@code Encoder.schema}. */
    StructType schema();

    /** The class of {@code T}, for arrays returned by {@code collect()}. */
    Class<T> clsTag();

    /**
     * Reads objects from rows of {@code input}, the columns found as Spark resolves them (by name for beans, by
     * position for single values and tuples); an input that does not fit is an {@code AnalysisException} with
     * Spark's error class.
     */
    Function<Row, T> reader(StructType input);

    /** The row of {@code value}, in {@link #schema()}'s layout (Spark's Java types inside). */
    Row toRow(T value);
}
