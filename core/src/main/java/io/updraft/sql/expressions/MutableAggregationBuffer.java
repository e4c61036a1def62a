package io.updraft.sql.expressions;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

/**
 * The buffer of a {@code UserDefinedAggregateFunction}, as Spark's {@code MutableAggregationBuffer}: a Row of the
 * function's {@code bufferSchema} whose values {@link #update} replaces (Spark's Java types; a value of another type
 * is the user's bug, found when the buffer is written). Not thread-safe.
 */
public final class MutableAggregationBuffer extends Row {
    /** A buffer of {@code schema} with every value null (what {@code initialize} starts from). */
    public MutableAggregationBuffer(StructType schema) {
        this(schema, new Object[schema.size()]);
    }

    /** A buffer holding {@code values} (taken, not copied). */
    public MutableAggregationBuffer(StructType schema, Object[] values) {
        super(values, schema);
    }

    /** Sets the i-th value. */
    public void update(int i, Object value) {
        set(i, value);
    }

    /** An immutable copy, as the {@code merge} and {@code evaluate} arguments Spark passes. */
    public Row toImmutableRow() {
        return Row.withSchema(schema(), toList().toArray());
    }
}
