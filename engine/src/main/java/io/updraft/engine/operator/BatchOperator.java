package io.updraft.engine.operator;

import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

/**
 * A pull-based physical operator. {@link #next()} returns the next non-empty batch — ownership passes
 * to the caller, who must close it — or null once exhausted. {@link #close()} releases everything the
 * operator holds, including its children, and may be called before the input is exhausted.
 * Single-threaded: one task drives one pipeline.
 */
public interface BatchOperator extends AutoCloseable {
    /** Schema of the batches produced. */
    StructType schema();

    Batch next();

    @Override
    void close();
}
