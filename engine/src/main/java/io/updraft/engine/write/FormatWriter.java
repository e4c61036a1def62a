package io.updraft.engine.write;

import io.updraft.engine.vector.Batch;

/**
 * Writes rows of batches into one output file of a format. The columns written are the batch's columns at
 * {@code columns} (the data columns: partition columns are left out). The writer owns its output stream:
 * {@link #finish} ends the file and closes the stream. Not thread-safe.
 */
interface FormatWriter {
    /** Writes rows {@code rows[from .. from + count)} of {@code batch}. */
    void write(Batch batch, int[] rows, int from, int count);

    /** Ends the file (footer, trailer) and flushes it to its stream, which it closes. */
    void finish();
}
