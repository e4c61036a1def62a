package io.updraft.engine.file;

import java.io.IOException;

/**
 * The records of one split of a line-based file (CSV, JSON, text), decoded into the values of the scan's data
 * schema (internal values: days, UTC micros, BigDecimal, String, Boolean, Integer, Long, Double, List for arrays).
 * Malformed records are handled inside by the parse mode. Not thread-safe.
 */
public interface RecordSource extends AutoCloseable {
    /** Fills {@code row} (one slot per data column, only {@code required} ones need values) or returns false at the end. */
    boolean next(Object[] row) throws IOException;

    @Override
    void close() throws IOException;
}
