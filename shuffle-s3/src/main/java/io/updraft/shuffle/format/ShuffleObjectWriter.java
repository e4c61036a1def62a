package io.updraft.shuffle.format;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.types.pojo.Schema;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds one shuffle object: every partition as a complete Arrow IPC stream (buffer-compressed),
 * back to back, then the index and a trailer:
 * <pre>[partition 0][partition 1]...[index][int32 index length]["UPSH"]</pre>
 * The index is int32 version, int32 partition count, then per partition int64 offset, length, rows.
 * Partitions are buffered in memory until {@link #finish()}. Not thread-safe; close releases buffers.
 */
public final class ShuffleObjectWriter implements AutoCloseable {
    static final int MAGIC = 0x55505348; // "UPSH"
    static final int VERSION = 1;

    private final BufferAllocator allocator;
    private final Schema schema;
    private final ShuffleCodec codec;
    private final PartitionStream[] partitions;

    public ShuffleObjectWriter(BufferAllocator allocator, Schema schema, int numPartitions, ShuffleCodec codec) {
        if (numPartitions < 1) {
            throw new IllegalArgumentException("numPartitions must be >= 1, was " + numPartitions);
        }
        this.allocator = allocator;
        this.schema = schema;
        this.codec = codec;
        this.partitions = new PartitionStream[numPartitions];
    }

    /**
     * Appends the rows of {@code batch} to {@code partition}. The batch is copied; the caller keeps
     * ownership. Empty batches are ignored.
     */
    public void write(int partition, VectorSchemaRoot batch) {
        if (batch.getRowCount() == 0) {
            return;
        }
        PartitionStream p = partitions[partition];
        if (p == null) {
            p = new PartitionStream();
            partitions[partition] = p;
        }
        p.append(batch);
    }

    /**
     * Finishes every partition stream and returns the object's bytes with its index. The object is allocated once at
     * its final size and each partition's stream copied into it (no growing buffer, no second copy: at SF 10 the
     * copies of a map output were a tenth of a join query's CPU time).
     */
    public Result finish() {
        try {
            List<Long> offsets = new ArrayList<>();
            List<Long> lengths = new ArrayList<>();
            List<Long> rows = new ArrayList<>();
            long size = 0;
            for (PartitionStream p : partitions) {
                offsets.add(size);
                long length = p == null ? 0 : p.finish();
                lengths.add(length);
                rows.add(p == null ? 0L : p.rows);
                size += length;
            }
            ByteArrayOutputStream indexBytes = new ByteArrayOutputStream();
            DataOutputStream index = new DataOutputStream(indexBytes);
            index.writeInt(VERSION);
            index.writeInt(partitions.length);
            for (int i = 0; i < partitions.length; i++) {
                index.writeLong(offsets.get(i));
                index.writeLong(lengths.get(i));
                index.writeLong(rows.get(i));
            }
            index.writeInt(indexBytes.size());   // the index's length (written so far), then the magic
            index.writeInt(MAGIC);
            index.flush();
            long total = size + indexBytes.size();
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("shuffle object of " + total + " bytes is larger than 2 GiB");
            }
            byte[] object = new byte[(int) total];
            int at = 0;
            for (PartitionStream p : partitions) {
                if (p != null) {
                    at = p.bytes.copyTo(object, at);
                }
            }
            System.arraycopy(indexBytes.toByteArray(), 0, object, at, indexBytes.size());
            return new Result(object, new PartitionIndex(offsets, lengths, rows));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        for (PartitionStream p : partitions) {
            if (p != null) {
                p.close();
            }
        }
    }

    /** The finished object and its index. */
    public record Result(byte[] bytes, PartitionIndex index) {
    }

    /**
     * A partition's stream bytes as Arrow's writer hands them over, copied once into chunks that never move (8 KiB
     * doubling up to 1 MiB): no regrowth copies, and no intermediate array as {@code Channels.newChannel} over a
     * byte stream makes (the two were about 3 % of the samples of a join-heavy TPC-H run).
     */
    private static final class Bytes implements WritableByteChannel {
        private static final int FIRST_CHUNK = 8192;
        private static final int LARGEST_CHUNK = 1 << 20;
        private final List<byte[]> chunks = new ArrayList<>();
        private byte[] current;
        private int used;
        private long size;

        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            while (src.hasRemaining()) {
                if (current == null || used == current.length) {
                    current = new byte[current == null ? FIRST_CHUNK : Math.min(LARGEST_CHUNK, current.length * 2)];
                    chunks.add(current);
                    used = 0;
                }
                int k = Math.min(src.remaining(), current.length - used);
                src.get(current, used, k);
                used += k;
            }
            size += n;
            return n;
        }

        long size() {
            return size;
        }

        /** Copies the bytes to {@code target} at {@code at}; returns the position after them. */
        int copyTo(byte[] target, int at) {
            for (int i = 0; i < chunks.size(); i++) {
                byte[] chunk = chunks.get(i);
                int length = i == chunks.size() - 1 ? used : chunk.length;
                System.arraycopy(chunk, 0, target, at, length);
                at += length;
            }
            return at;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    private final class PartitionStream implements AutoCloseable {
        private final Bytes bytes = new Bytes();
        private final VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        private final ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes,
                org.apache.arrow.vector.ipc.message.IpcOption.DEFAULT, codec.factory(),
                codec.arrowType());
        private long rows;
        private boolean started;
        private boolean finished;

        void append(VectorSchemaRoot batch) {
            try {
                if (!started) {
                    writer.start();
                    started = true;
                }
                VectorUnloader unloader = new VectorUnloader(batch);
                try (ArrowRecordBatch recordBatch = unloader.getRecordBatch()) {
                    new VectorLoader(root).load(recordBatch);
                }
                writer.writeBatch();
                rows += batch.getRowCount();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Ends the stream; returns its length in bytes. */
        long finish() throws IOException {
            if (!finished) {
                writer.end();
                finished = true;
            }
            return bytes.size();
        }

        @Override
        public void close() {
            writer.close();
            root.close();
        }
    }
}
