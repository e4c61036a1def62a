package io.updraft.engine.spill;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.shuffle.format.CompressionFactory;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** A finished spill file: its rows, read back a batch at a time with {@link #open}. Immutable. */
public record SpillFile(Path path, StructType schema, long rows, long bytes) {

    /** A reader over the file's batches; the file is deleted when the reader is closed. */
    public Reader open(ExecutionContext context) {
        return new Reader(this, context, true);
    }

    /** A reader over the file's batches that leaves the file in place, to be read again (block nested loops). */
    public Reader reread(ExecutionContext context) {
        return new Reader(this, context, false);
    }

    /** Deletes the file (it is deleted with the task's spill folder anyway). */
    public void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // the spill folder is deleted when the task ends
            LoggerFactory.getLogger(SpillFile.class).warn("Could not delete spill file {} (left to the task's spill "
                    + "folder cleanup): {}", path, e.toString());
        }
    }

    /** Reads a spill file batch by batch. Not thread-safe. */
    public static final class Reader implements AutoCloseable {
        private final SpillFile file;
        private final ExecutionContext context;
        private final FileChannel channel;
        private final ArrowStreamReader reader;
        private final boolean deleteOnClose;

        Reader(SpillFile file, ExecutionContext context, boolean deleteOnClose) {
            this.file = file;
            this.context = context;
            this.deleteOnClose = deleteOnClose;
            try {
                this.channel = FileChannel.open(file.path(), StandardOpenOption.READ);
            } catch (IOException e) {
                throw new UpdraftException(ErrorType.INTERNAL, "Cannot open spill file " + file.path() + ": "
                        + e.getMessage(), e);
            }
            this.reader = new ArrowStreamReader(channel, context.allocator(), CompressionFactory.INSTANCE);
        }

        /** The next batch (the caller owns it), or null at the end. */
        public Batch next() {
            try {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    int n = root.getRowCount();
                    if (n == 0) {
                        continue;
                    }
                    List<FieldVector> vectors = new ArrayList<>(root.getFieldVectors().size());
                    for (FieldVector v : root.getFieldVectors()) {
                        var pair = v.getTransferPair(context.allocator());
                        pair.transfer();
                        vectors.add((FieldVector) pair.getTo());
                    }
                    return Batch.of(n, vectors);
                }
                return null;
            } catch (IOException e) {
                throw new UpdraftException(ErrorType.INTERNAL, "Cannot read spill file " + file.path() + ": "
                        + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException ignored) {
                // deleting the file below is what matters
            }
            if (deleteOnClose) {
                file.delete();
            }
        }
    }
}
