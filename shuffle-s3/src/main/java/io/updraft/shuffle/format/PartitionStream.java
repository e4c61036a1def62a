package io.updraft.shuffle.format;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Objects;

/**
 * One partition's bytes (a complete Arrow IPC stream) decoded one batch at a time: {@link #next()} loads the next
 * batch into the stream's root, so at most one decoded batch is held however large the partition is. Bytes that do
 * not decode are a "Corrupt shuffle object &lt;name&gt;" error; running out of the allocator's memory is not corruption
 * and is rethrown as Arrow's {@link OutOfMemoryException}. Not thread-safe; close it (it owns the root's buffers).
 */
public final class PartitionStream implements AutoCloseable {
    private final String objectName;
    private final ArrowStreamReader reader;
    private boolean closed;

    /** A stream over {@code bytes} (may be empty: then {@link #next()} answers null at once). */
    public PartitionStream(byte[] bytes, BufferAllocator allocator, String objectName) {
        Objects.requireNonNull(bytes, "bytes is null");
        Objects.requireNonNull(allocator, "allocator is null");
        this.objectName = Objects.requireNonNull(objectName, "objectName is null");
        this.reader = bytes.length == 0 ? null : new ArrowStreamReader(new ByteArrayInputStream(bytes), allocator,
                CompressionFactory.INSTANCE);
    }

    /**
     * Loads the next batch; returns the root holding it (valid until the next call or {@link #close()}; its vectors
     * may be transferred out), or null at the end.
     */
    public VectorSchemaRoot next() {
        if (reader == null || closed) {
            return null;
        }
        try {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            return reader.loadNextBatch() ? root : null;
        } catch (OutOfMemoryException e) {
            throw e;
        } catch (UpdraftException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw corrupt(objectName, String.valueOf(e.getMessage()), e);
        }
    }

    @Override
    public void close() {
        if (closed || reader == null) {
            closed = true;
            return;
        }
        closed = true;
        try {
            reader.close();
        } catch (IOException e) {
            throw corrupt(objectName, String.valueOf(e.getMessage()), e);
        }
    }

    static UpdraftException corrupt(String objectName, String why, Throwable cause) {
        return new UpdraftException(ErrorType.INTERNAL, "Corrupt shuffle object " + objectName + ": " + why, cause);
    }
}
