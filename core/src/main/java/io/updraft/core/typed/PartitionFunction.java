package io.updraft.core.typed;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.io.Serializable;
import java.util.Iterator;

/**
 * What a typed operation runs over one partition: rows of {@code inputSchema} in, rows of the operation's output
 * schema out, both pulled lazily (the engine's {@code MapPartitionsOperator} feeds it batch by batch). Travels in the
 * TaskSpec as Java serialization ({@link UserCode}); implementations are immutable.
 */
public interface PartitionFunction extends Serializable {
    Iterator<Row> apply(Iterator<Row> input, StructType inputSchema);

    /**
     * As {@link #apply(Iterator, StructType)}, knowing the index of the partition (the task within its stage), as
     * Spark's {@code mapPartitionsWithIndex}: what seeded sampling needs. Most functions ignore it.
     */
    default Iterator<Row> apply(Iterator<Row> input, StructType inputSchema, int partition) {
        return apply(input, inputSchema);
    }
}
