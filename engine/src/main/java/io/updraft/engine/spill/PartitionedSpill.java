package io.updraft.engine.spill;

import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * Spreads rows over {@code partitions} spill files by a partition number per row (a key hash, for
 * grace hash join and partitioned aggregation). Files are created on first use; {@link #finish()} returns
 * one entry per partition, null for partitions that got no row. Not thread-safe.
 */
public final class PartitionedSpill implements AutoCloseable {
    private final ExecutionContext context;
    private final StructType schema;
    private final String purpose;
    private final SpillWriter[] writers;

    public PartitionedSpill(ExecutionContext context, StructType schema, int partitions, String purpose) {
        this.context = context;
        this.schema = schema;
        this.purpose = purpose;
        this.writers = new SpillWriter[partitions];
    }

    public int partitions() {
        return writers.length;
    }

    /** Writes row i of {@code batch} to partition {@code partitionOfRow[i]}; the batch stays the caller's. */
    public void write(Batch batch, int[] partitionOfRow) {
        int n = batch.rowCount();
        int p = writers.length;
        int[] counts = new int[p + 1];
        for (int i = 0; i < n; i++) {
            counts[partitionOfRow[i] + 1]++;
        }
        for (int i = 0; i < p; i++) {
            counts[i + 1] += counts[i];
        }
        int[] starts = counts.clone();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[starts[partitionOfRow[i]]++] = i;
        }
        for (int part = 0; part < p; part++) {
            int from = counts[part];
            int count = counts[part + 1] - from;
            if (count == 0) {
                continue;
            }
            List<FieldVector> columns = new ArrayList<>(batch.columnCount());
            try {
                for (FieldVector v : batch.vectors()) {
                    columns.add(Vectors.gather(new FieldVector[] {v}, null, order, from, count, context.allocator()));
                }
            } catch (RuntimeException e) {
                columns.forEach(FieldVector::close);
                throw e;
            }
            writer(part).write(Batch.of(count, columns));
        }
    }

    private SpillWriter writer(int part) {
        if (writers[part] == null) {
            writers[part] = new SpillWriter(context, schema, purpose + "-p" + part);
        }
        return writers[part];
    }

    /** The finished files, one per partition (null where no row went). */
    public List<SpillFile> finish() {
        List<SpillFile> files = new ArrayList<>(writers.length);
        for (int i = 0; i < writers.length; i++) {
            SpillWriter w = writers[i];
            writers[i] = null;
            files.add(w == null ? null : w.finish());
        }
        return files;
    }

    @Override
    public void close() {
        for (int i = 0; i < writers.length; i++) {
            if (writers[i] != null) {
                writers[i].close();
                writers[i] = null;
            }
        }
    }
}
