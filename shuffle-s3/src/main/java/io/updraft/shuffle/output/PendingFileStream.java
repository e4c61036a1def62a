package io.updraft.shuffle.output;

import io.updraft.core.task.WrittenFile;

import java.io.OutputStream;

/**
 * The bytes of one output file as a task writes them, kept pending: {@link #finish} ends the file and describes
 * where it waits (nothing is visible until the job commit publishes it); {@link #abort} drops what was written.
 * Not thread-safe (one writer).
 */
public abstract class PendingFileStream extends OutputStream {
    /** Bytes written so far. */
    public abstract long position();

    /** Ends the file (flushes, uploads the last part); the file is pending, not visible. */
    public abstract WrittenFile finish(long rows);

    /** Drops the file (best effort; the job's abort removes anything left). Idempotent. */
    public abstract void abort();

    /** Closing without {@link #finish} aborts. */
    @Override
    public void close() {
        abort();
    }
}
