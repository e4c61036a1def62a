package io.updraft.engine.spill;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.shuffle.format.CompressionFactory;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Appends batches to one spill file: an Arrow IPC stream, its buffers compressed as setting
 * {@code updraft.spillCodec} says (none by default). {@link #finish()}
 * closes the file and returns it as a {@link SpillFile}; the bytes written count as spilled bytes in the
 * task metrics. Not thread-safe.
 */
public final class SpillWriter implements AutoCloseable {
    private final Path path;
    private final StructType schema;
    private final ExecutionContext context;
    private final FileChannel channel;
    private final VectorSchemaRoot root;
    private final ArrowStreamWriter writer;
    private long rows;
    private boolean finished;

    public SpillWriter(ExecutionContext context, StructType schema, String purpose) {
        this.context = context;
        this.schema = schema;
        this.path = context.spillDirectory().newFile(purpose);
        try {
            this.channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw failure("create", e);
        }
        this.root = VectorSchemaRoot.create(ArrowTypes.toArrowSchema(schema), context.allocator());
        CompressionUtil.CodecType codec = context.spillCodec();
        this.writer = codec == CompressionUtil.CodecType.NO_COMPRESSION
                ? new ArrowStreamWriter(root, null, channel)
                : new ArrowStreamWriter(root, null, channel, IpcOption.DEFAULT, CompressionFactory.INSTANCE,
                codec);
        try {
            writer.start();
        } catch (IOException e) {
            close();
            throw failure("write", e);
        }
    }

    /** Writes the batch and closes it (ownership passes to the writer). */
    public void write(Batch batch) {
        try (batch) {
            if (batch.rowCount() == 0) {
                return;
            }
            List<FieldVector> targets = root.getFieldVectors();
            for (int i = 0; i < targets.size(); i++) {
                batch.vector(i).makeTransferPair(targets.get(i)).transfer();
            }
            root.setRowCount(batch.rowCount());
            writer.writeBatch();
            rows += batch.rowCount();
        } catch (IOException e) {
            throw failure("write", e);
        } finally {
            root.clear();
        }
    }

    public long rows() {
        return rows;
    }

    /** Ends the stream and closes the file. */
    public SpillFile finish() {
        try {
            writer.end();
            finished = true;
            long bytes = channel.size();
            close();
            context.metrics().addSpilledBytes(bytes);
            return new SpillFile(path, schema, rows, bytes);
        } catch (IOException e) {
            close();
            throw failure("finish", e);
        }
    }

    private UpdraftException failure(String what, IOException e) {
        return new UpdraftException(ErrorType.INTERNAL, "Cannot " + what + " spill file " + path + ": "
                + e.getMessage(), e);
    }

    /** Releases the writer; an unfinished file is deleted. */
    @Override
    public void close() {
        try {
            writer.close();
        } catch (RuntimeException ignored) {
            // the channel is closed below either way
        }
        root.close();
        try {
            channel.close();
            if (!finished) {
                java.nio.file.Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // the spill folder is deleted when the task ends
            LoggerFactory.getLogger(SpillWriter.class).warn("Could not close or delete the unfinished spill file {} "
                    + "(left to the task's spill folder cleanup): {}", path, e.toString());
        }
    }
}
