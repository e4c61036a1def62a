package io.updraft.engine.operator;

import io.updraft.core.plan.SortKey;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Sorts all input rows by the keys, stably, in memory: input batches are kept, key values evaluated
 * per batch, row references (batch, row) merge-sorted, and output batches gathered from the inputs.
 * Spilling to disk is not implemented yet.
 */
public final class SortOperator implements BatchOperator {
    private final BatchOperator child;
    private final ExecutionContext context;
    private final List<SortKey> keys;
    private final List<ExpressionEvaluator> keyEvaluators = new ArrayList<>();
    private final List<Batch> batches = new ArrayList<>();
    private final List<List<FieldVector>> keyValues = new ArrayList<>();
    private long[] sorted;
    private int rowCount;
    private int emitted;
    private boolean consumed;

    public SortOperator(BatchOperator child, List<SortKey> keys, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.keys = List.copyOf(keys);
        try {
            for (SortKey key : this.keys) {
                keyEvaluators.add(ExpressionEvaluator.compile(key.expr(), context.allocator()));
            }
        } catch (RuntimeException e) {
            keyEvaluators.forEach(ExpressionEvaluator::close);
            throw e;
        }
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    @Override
    public Batch next() {
        if (!consumed) {
            consumeAndSort();
            consumed = true;
        }
        if (emitted >= rowCount) {
            return null;
        }
        int count = Math.min(context.batchRows(), rowCount - emitted);
        int[] sources = new int[count];
        int[] rows = new int[count];
        for (int i = 0; i < count; i++) {
            long ref = sorted[emitted + i];
            sources[i] = (int) (ref >>> 32);
            rows[i] = (int) ref;
        }
        emitted += count;
        int columns = schema().size();
        List<FieldVector> out = new ArrayList<>(columns);
        try {
            for (int c = 0; c < columns; c++) {
                FieldVector[] inputs = new FieldVector[batches.size()];
                for (int b = 0; b < inputs.length; b++) {
                    inputs[b] = batches.get(b).vector(c);
                }
                out.add(Vectors.gather(inputs, sources, rows, 0, count, context.allocator()));
            }
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
        if (emitted >= rowCount) {
            releaseInput();
        }
        return Batch.of(count, out);
    }

    private void consumeAndSort() {
        Batch in;
        while ((in = child.next()) != null) {
            batches.add(in);
            List<FieldVector> values = new ArrayList<>(keys.size());
            keyValues.add(values);
            for (ExpressionEvaluator e : keyEvaluators) {
                values.add(e.evaluate(in));
            }
            if ((long) rowCount + in.rowCount() > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("sort input exceeds " + Integer.MAX_VALUE + " rows");
            }
            rowCount += in.rowCount();
        }
        sorted = new long[rowCount];
        int position = 0;
        for (int b = 0; b < batches.size(); b++) {
            int n = batches.get(b).rowCount();
            for (int r = 0; r < n; r++) {
                sorted[position++] = ((long) b << 32) | r;
            }
        }
        if (keys.isEmpty() || rowCount < 2) {
            return;
        }
        SortKeyComparator[] comparators = new SortKeyComparator[keys.size()];
        for (int k = 0; k < keys.size(); k++) {
            List<FieldVector> perBatch = new ArrayList<>(batches.size());
            for (List<FieldVector> values : keyValues) {
                perBatch.add(values.get(k));
            }
            SortKey key = keys.get(k);
            comparators[k] = new SortKeyComparator(PhysicalKind.of(key.expr().dataType()), key.ascending(),
                    key.nullsFirst(), perBatch);
        }
        RowReferenceSort.sort(sorted, rowCount, (a, b) -> {
            int ba = (int) (a >>> 32);
            int ra = (int) a;
            int bb = (int) (b >>> 32);
            int rb = (int) b;
            for (SortKeyComparator comparator : comparators) {
                int c = comparator.compare(ba, ra, bb, rb);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
    }

    private void releaseInput() {
        for (List<FieldVector> values : keyValues) {
            values.forEach(FieldVector::close);
        }
        keyValues.clear();
        batches.forEach(Batch::close);
        batches.clear();
    }

    @Override
    public void close() {
        try {
            releaseInput();
            keyEvaluators.forEach(ExpressionEvaluator::close);
        } finally {
            child.close();
        }
    }
}
