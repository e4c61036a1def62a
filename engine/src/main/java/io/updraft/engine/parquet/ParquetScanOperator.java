package io.updraft.engine.parquet;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Leaf operator reading the requested columns of its splits one after the other (see
 * {@link ParquetSplitReader}); records rows, bytes and row groups read or skipped in the task metrics.
 */
public final class ParquetScanOperator implements BatchOperator {
    private final List<FileSplit> splits;
    private final StructType schema;
    private final Expr pruningFilter;
    private final ExecutionContext context;
    private int nextSplit;
    private ParquetSplitReader current;

    public ParquetScanOperator(List<FileSplit> splits, StructType schema, Expr pruningFilter,
                               ExecutionContext context) {
        this.splits = List.copyOf(splits);
        this.schema = Objects.requireNonNull(schema, "schema is null");
        this.pruningFilter = pruningFilter;
        this.context = Objects.requireNonNull(context, "context is null");
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
                current = new ParquetSplitReader(splits.get(nextSplit++), schema, pruningFilter, context);
            }
            Batch batch = current.next();
            if (batch != null) {
                return batch;
            }
            ParquetSplitReader done = current;
            current = null;
            done.close();
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
