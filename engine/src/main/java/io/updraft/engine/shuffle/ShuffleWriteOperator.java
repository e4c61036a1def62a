package io.updraft.engine.shuffle;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.shuffle.format.PartitionIndex;
import io.updraft.shuffle.format.ShuffleKeys;
import io.updraft.shuffle.format.ShuffleObjectWriter;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionException;

/**
 * The root of a map task: reads all its input, assigns rows to partitions ({@link Partitioner}) and writes
 * ONE shuffle object per task attempt ({@link ShuffleObjectWriter}: each partition an Arrow IPC stream,
 * back to back, plus an index) to {@code ShuffleKeys.mapOutput(job, stage, task, attempt)} in the store of
 * setting {@code updraft.shuffle.root}, then reports key and index through
 * {@link ExecutionContext#setShuffleOutput}. Produces no batches. Input batches are held until
 * {@code max(batchRows, 512 * partitions)} rows are pending (or the spill budget is reached), so that each
 * partition's IPC batches are not tiny. The object is assembled in memory before its PUT (multipart above
 * 16 MiB on S3).
 */
public final class ShuffleWriteOperator implements BatchOperator {
    private static final int ROWS_PER_PARTITION_BATCH = 512;

    private final BatchOperator child;
    private final Partitioning partitioning;
    private final int partitions;
    private final ExecutionContext context;
    private final List<Batch> pending = new ArrayList<>();
    private final List<int[]> pendingPartitions = new ArrayList<>();
    private int pendingRows;
    private long pendingBytes;
    private boolean done;

    public ShuffleWriteOperator(BatchOperator child, Partitioning partitioning, int partitions,
                                ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.partitioning = Objects.requireNonNull(partitioning, "partitioning is null");
        this.context = Objects.requireNonNull(context, "context is null");
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, was " + partitions);
        }
        this.partitions = partitions;
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    @Override
    public Batch next() {
        if (!done) {
            done = true;
            write();
        }
        return null;
    }

    private void write() {
        ShuffleSettings settings = ShuffleSettings.from(context.config());
        ObjectStore store = context.stores().store(settings.root(), context.config());
        String key = ShuffleKeys.mapOutput(context.jobId(), context.stageId(), context.taskId(), context.attempt());
        Schema arrowSchema = ArrowTypes.toArrowSchema(schema());
        ShuffleObjectWriter.Result result;
        long flushRows = Math.max(context.batchRows(), (long) ROWS_PER_PARTITION_BATCH * partitions);
        try (ShuffleObjectWriter writer = new ShuffleObjectWriter(context.allocator(), arrowSchema, partitions,
                settings.codec()); Partitioner partitioner = Partitioner.create(partitioning, partitions, context)) {
            Batch in;
            while ((in = child.next()) != null) {
                context.checkCancelled();
                int[] parts = new int[in.rowCount()];
                try {
                    partitioner.partition(in, parts);
                } catch (RuntimeException e) {
                    in.close();
                    throw e;
                }
                pending.add(in);
                pendingPartitions.add(parts);
                pendingRows += in.rowCount();
                pendingBytes += Vectors.allocatedBytes(in);
                if (pendingRows >= flushRows || context.shouldSpill(pendingBytes)) {
                    flush(writer);
                }
            }
            flush(writer);
            context.checkCancelled();
            result = writer.finish();
        }
        try {
            store.put(key, result.bytes()).join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof UpdraftException u) {
                throw u;
            }
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot write shuffle object " + store.describe(key)
                    + ": " + cause, cause);
        }
        context.metrics().addShuffleBytesWritten(result.bytes().length);
        context.metrics().addObjectStoreRequests(1);
        context.metrics().addRowsOutput(result.index().totalRows());
        PartitionIndex index = result.index();
        context.setShuffleOutput(new ShuffleOutput(key, index.offsets(), index.lengths(), index.rows()));
    }

    /** Writes the pending rows, partition by partition, and releases them. */
    private void flush(ShuffleObjectWriter writer) {
        if (pending.isEmpty()) {
            return;
        }
        try {
            if (partitions == 1) {
                for (Batch b : pending) {
                    writer.write(0, root(b));
                }
                return;
            }
            int[] counts = new int[partitions + 1];
            for (int[] parts : pendingPartitions) {
                for (int p : parts) {
                    counts[p + 1]++;
                }
            }
            for (int p = 0; p < partitions; p++) {
                counts[p + 1] += counts[p];
            }
            int[] next = counts.clone();
            int[] sources = new int[pendingRows];
            int[] rows = new int[pendingRows];
            for (int b = 0; b < pending.size(); b++) {
                int[] parts = pendingPartitions.get(b);
                for (int r = 0; r < parts.length; r++) {
                    int at = next[parts[r]]++;
                    sources[at] = b;
                    rows[at] = r;
                }
            }
            int columns = schema().size();
            for (int p = 0; p < partitions; p++) {
                int from = counts[p];
                int count = counts[p + 1] - from;
                if (count == 0) {
                    continue;
                }
                List<FieldVector> gathered = new ArrayList<>(columns);
                try {
                    for (int c = 0; c < columns; c++) {
                        FieldVector[] inputs = new FieldVector[pending.size()];
                        for (int b = 0; b < inputs.length; b++) {
                            inputs[b] = pending.get(b).vector(c);
                        }
                        gathered.add(Vectors.gather(inputs, sources, rows, from, count, context.allocator()));
                    }
                    try (Batch part = Batch.of(count, gathered)) {
                        gathered = List.of();
                        writer.write(p, root(part));
                    }
                } finally {
                    gathered.forEach(FieldVector::close);
                }
            }
        } finally {
            pending.forEach(Batch::close);
            pending.clear();
            pendingPartitions.clear();
            pendingRows = 0;
            pendingBytes = 0;
        }
    }

    /** A view of the batch as a VectorSchemaRoot (not to be closed: the batch owns the vectors). */
    private VectorSchemaRoot root(Batch batch) {
        List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>(batch.columnCount());
        for (int c = 0; c < batch.columnCount(); c++) {
            fields.add(ArrowTypes.toField(schema().get(c)));
        }
        return new VectorSchemaRoot(fields, new ArrayList<>(batch.vectors()), batch.rowCount());
    }

    @Override
    public void close() {
        try {
            pending.forEach(Batch::close);
            pending.clear();
        } finally {
            child.close();
        }
    }
}
