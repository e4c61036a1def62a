package io.updraft.engine.parquet;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.file.PartitionValues;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructField;
import org.apache.arrow.vector.FieldVector;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Leaf operator reading the requested columns of its splits one after the other (see
 * {@link ParquetSplitReader}); records rows, bytes and row groups read or skipped in the task metrics. Partition
 * columns of the output (Hive-style folders) are not read from the file: every batch gets its split's values
 * ({@link PartitionValues}); a partitioned scan does not use row-group pruning (its filter's ordinals are the
 * output's, not the file's).
 */
public final class ParquetScanOperator implements BatchOperator {
    /**
     * Setting: {@code true} (default) decodes the chunks {@link PageColumnReader} supports page by page; {@code false}
     * decodes every column value at a time through parquet-java (the A/B switch of benchmarks and of the
     * decoders' differential test).
     */
    public static final String PAGE_DECODING = "updraft.parquet.pageDecoding";
    private final List<FileSplit> splits;
    private final StructType schema;
    private final Expr pruningFilter;
    private final ExecutionContext context;
    private final StructType fileSchema;
    private final StructType partitionSchema;
    /** Per output column: its index in the file's batch, or -(partition index) - 1. */
    private final int[] sources;
    private int nextSplit;
    private ParquetSplitReader current;
    private Object[] partitionValues;

    public ParquetScanOperator(List<FileSplit> splits, StructType schema, Expr pruningFilter,
                               ExecutionContext context) {
        this(new FileScan(splits, schema, pruningFilter), context);
    }

    public ParquetScanOperator(FileScan scan, ExecutionContext context) {
        this.splits = scan.splits();
        this.schema = Objects.requireNonNull(scan.schema(), "schema is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.partitionSchema = scan.partitionSchema();
        this.sources = new int[schema.size()];
        List<StructField> fileFields = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            int p = scan.partitionIndex(schema.get(i).name());
            if (p >= 0) {
                sources[i] = -p - 1;
            } else {
                sources[i] = fileFields.size();
                fileFields.add(schema.get(i));
            }
        }
        this.fileSchema = fileFields.size() == schema.size() ? schema : new StructType(fileFields);
        this.pruningFilter = fileSchema == schema ? scan.pruningFilter() : null;
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        while (true) {
            context.checkCancelled();
            if (current == null) {
                if (nextSplit >= splits.size()) {
                    return null;
                }
                FileSplit split = splits.get(nextSplit++);
                partitionValues = PartitionValues.typed(split, partitionSchema, context.sessionZone());
                current = new ParquetSplitReader(split, fileSchema, pruningFilter, context);
            }
            Batch batch = current.next();
            if (batch != null) {
                return fileSchema == schema ? batch : withPartitions(batch);
            }
            ParquetSplitReader done = current;
            current = null;
            done.close();
        }
    }

    private Batch withPartitions(Batch batch) {
        try (batch) {
            int n = batch.rowCount();
            List<FieldVector> out = new ArrayList<>(schema.size());
            try {
                for (int i = 0; i < schema.size(); i++) {
                    StructField f = schema.get(i);
                    if (sources[i] >= 0) {
                        out.add(Vectors.share(batch.vector(sources[i]), context.allocator()));
                    } else {
                        out.add(ArrowRows.vector(f.name(), f.dataType(),
                                Collections.nCopies(n, partitionValues[-sources[i] - 1]), context.allocator()));
                    }
                }
            } catch (RuntimeException e) {
                out.forEach(FieldVector::close);
                throw e;
            }
            return Batch.of(n, out);
        }
    }

    @Override
    public void close() {
        if (current != null) {
            ParquetSplitReader open = current;
            current = null;
            open.close();
        }
    }
}
