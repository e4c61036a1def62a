package io.updraft.shuffle.format;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Decodes shuffle object bytes: the trailer's index, and partition bytes into Arrow batches. */
public final class ShuffleObjectReader {
    private ShuffleObjectReader() {
    }

    /** Bytes at the end of every object that hold the index length and magic. */
    public static final int TRAILER_BYTES = 8;

    /** Reads the index from a whole object (or its tail that holds index and trailer). */
    public static PartitionIndex readIndex(byte[] tail, String objectName) {
        if (tail.length < TRAILER_BYTES) {
            throw corrupt(objectName, "shorter than its trailer");
        }
        ByteBuffer t = ByteBuffer.wrap(tail, tail.length - TRAILER_BYTES, TRAILER_BYTES);
        int indexLength = t.getInt();
        int magic = t.getInt();
        if (magic != ShuffleObjectWriter.MAGIC || indexLength < 8 || indexLength > tail.length - TRAILER_BYTES) {
            throw corrupt(objectName, "bad trailer");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(tail,
                tail.length - TRAILER_BYTES - indexLength, indexLength))) {
            int version = in.readInt();
            int n = in.readInt();
            if (version != ShuffleObjectWriter.VERSION || n < 0 || indexLength != 8 + 24L * n) {
                throw corrupt(objectName, "bad index header");
            }
            List<Long> offsets = new ArrayList<>(n);
            List<Long> lengths = new ArrayList<>(n);
            List<Long> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                offsets.add(in.readLong());
                lengths.add(in.readLong());
                rows.add(in.readLong());
            }
            return new PartitionIndex(offsets, lengths, rows);
        } catch (IOException e) {
            throw corrupt(objectName, e.getMessage());
        }
    }

    /**
     * Decodes one partition's bytes (a complete Arrow IPC stream) and hands each batch to
     * {@code consumer}; the batch is valid only during the call. Empty input yields nothing. Bytes that do not decode
     * are corruption; running out of memory is not (see {@link PartitionStream}); what the consumer throws passes as is.
     */
    public static long readPartition(byte[] bytes, BufferAllocator allocator, String objectName,
                                     Consumer<VectorSchemaRoot> consumer) {
        long rows = 0;
        try (PartitionStream stream = new PartitionStream(bytes, allocator, objectName)) {
            for (VectorSchemaRoot root = stream.next(); root != null; root = stream.next()) {
                rows += root.getRowCount();
                consumer.accept(root);
            }
        }
        return rows;
    }

    private static UpdraftException corrupt(String objectName, String why) {
        return new UpdraftException(ErrorType.INTERNAL, "Corrupt shuffle object " + objectName + ": " + why);
    }
}
