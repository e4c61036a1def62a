package io.updraft.engine.operator;

import io.updraft.core.plan.SortKey;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.spill.SpillFile;
import io.updraft.engine.spill.SpillWriter;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Sorts all input rows by the keys, stably. Input batches are kept with their evaluated keys and row
 * references (batch, row) are merge-sorted; output batches are gathered from the inputs. When the held
 * input exceeds the task's spill budget ({@link ExecutionContext#shouldSpill}), it is sorted and written
 * to local disk as a run, and the runs are merged at the end (external merge sort, see
 * {@link SortedRunMerger}); ties keep input order across runs too.
 */
public final class SortOperator implements BatchOperator {
    private final BatchOperator child;
    private final ExecutionContext context;
    private final List<SortKey> keys;
    private final List<ExpressionEvaluator> keyEvaluators = new ArrayList<>();
    private final SortBuffer buffer;
    private final List<SpillFile> runs = new ArrayList<>();
    private SortedRunMerger merger;
    private long bytesPerRow;
    private long[] sorted;
    private int emitted;
    private boolean consumed;

    public SortOperator(BatchOperator child, List<SortKey> keys, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.keys = List.copyOf(keys);
        try {
            for (SortKey key : this.keys) {
                keyEvaluators.add(ExpressionEvaluator.compile(key.expr(), context));
            }
        } catch (RuntimeException e) {
            keyEvaluators.forEach(ExpressionEvaluator::close);
            throw e;
        }
        this.buffer = new SortBuffer(this.keys, keyEvaluators, context);
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    /** Sorted runs written to disk so far (0 when the sort stayed in memory). */
    public int spilledRuns() {
        return runs.size();
    }

    /** How many runs the merge reads at once (0 before a merge started). */
    int mergeFanIn() {
        return merger == null ? 0 : merger.fanIn();
    }

    @Override
    public Batch next() {
        if (!consumed) {
            consume();
            consumed = true;
        }
        if (merger != null) {
            return merger.next();
        }
        int rowCount = buffer.rowCount();
        if (emitted >= rowCount) {
            return null;
        }
        int count = Math.min(context.batchRows(), rowCount - emitted);
        Batch out = buffer.gather(sorted, emitted, count);
        emitted += count;
        if (emitted >= rowCount) {
            buffer.clear();
        }
        return out;
    }

    private void consume() {
        Batch in;
        while ((in = child.next()) != null) {
            buffer.add(in);
            if (context.shouldSpill(buffer.bytes())) {
                spillRun();
            }
        }
        if (runs.isEmpty()) {
            sorted = buffer.sort();
            return;
        }
        if (!buffer.isEmpty()) {
            spillRun();
        }
        // one batch per run is held while merging (twice: rows and key values): keep that within budget
        long perRun = 2 * Math.max(1, bytesPerRow) * context.batchRows();
        int fanIn = (int) Math.min(SortedRunMerger.MAX_FAN_IN, Math.max(2, context.operatorBudget() / perRun));
        merger = new SortedRunMerger(runs, schema(), keys, keyEvaluators, fanIn, context);
    }

    /** Sorts what is held, writes it as one run, and releases it. */
    private void spillRun() {
        bytesPerRow = Math.max(bytesPerRow, buffer.bytes() / Math.max(1, buffer.rowCount()));
        long[] refs = buffer.sort();
        try (SpillWriter writer = new SpillWriter(context, schema(), "sort-run")) {
            for (int from = 0; from < refs.length; from += context.batchRows()) {
                writer.write(buffer.gather(refs, from, Math.min(context.batchRows(), refs.length - from)));
            }
            runs.add(writer.finish());
        }
        buffer.clear();
        context.metrics().addSpill();
    }

    @Override
    public void close() {
        try {
            if (merger != null) {
                merger.close();
                merger = null;
            }
            runs.forEach(SpillFile::delete);
            buffer.clear();
            keyEvaluators.forEach(ExpressionEvaluator::close);
        } finally {
            child.close();
        }
    }
}
