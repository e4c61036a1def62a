package io.updraft.engine.operator;

import io.updraft.core.plan.SortKey;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * Batches held for sorting with their evaluated sort keys: sorts row references (batch in the high 32
 * bits, row in the low 32) stably and gathers rows in sorted order into new batches. Shared by Sort
 * (in-memory runs), Top-N and the merge of spilled runs. The evaluators belong to the caller. Not
 * thread-safe.
 */
final class SortBuffer implements AutoCloseable {
    private final List<SortKey> keys;
    private final List<ExpressionEvaluator> evaluators;
    private final ExecutionContext context;
    private final List<Batch> batches = new ArrayList<>();
    private final List<List<FieldVector>> keyValues = new ArrayList<>();
    private int rowCount;
    private long bytes;

    SortBuffer(List<SortKey> keys, List<ExpressionEvaluator> evaluators, ExecutionContext context) {
        this.keys = keys;
        this.evaluators = evaluators;
        this.context = context;
    }

    /** Takes ownership of {@code batch}. */
    void add(Batch batch) {
        if ((long) rowCount + batch.rowCount() > Integer.MAX_VALUE - 8) {
            batch.close();
            throw new IllegalStateException("sort input exceeds " + Integer.MAX_VALUE + " rows in memory");
        }
        batches.add(batch);
        List<FieldVector> values = new ArrayList<>(keys.size());
        keyValues.add(values);
        for (ExpressionEvaluator e : evaluators) {
            FieldVector v = e.evaluate(batch);
            values.add(v);
            bytes += Vectors.allocatedBytes(v);
        }
        rowCount += batch.rowCount();
        bytes += Vectors.allocatedBytes(batch);
    }

    int rowCount() {
        return rowCount;
    }

    /** Arrow bytes held (batches and key values; shared buffers count twice). */
    long bytes() {
        return bytes + 8L * rowCount;
    }

    boolean isEmpty() {
        return batches.isEmpty();
    }

    /** Row references in sorted order (stable: ties keep arrival order). */
    long[] sort() {
        long[] refs = new long[rowCount];
        int position = 0;
        for (int b = 0; b < batches.size(); b++) {
            int n = batches.get(b).rowCount();
            for (int r = 0; r < n; r++) {
                refs[position++] = ((long) b << 32) | r;
            }
        }
        if (keys.isEmpty() || rowCount < 2) {
            return refs;
        }
        SortKeyComparator[] comparators = comparators();
        RowReferenceSort.sort(refs, rowCount, (a, b) -> {
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
        return refs;
    }

    private SortKeyComparator[] comparators() {
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
        return comparators;
    }

    /** Rows {@code refs[from, from + count)} as a new batch. */
    Batch gather(long[] refs, int from, int count) {
        int[] sources = new int[count];
        int[] rows = new int[count];
        for (int i = 0; i < count; i++) {
            long ref = refs[from + i];
            sources[i] = (int) (ref >>> 32);
            rows[i] = (int) ref;
        }
        int columns = batches.get(0).columnCount();
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
        return Batch.of(count, out);
    }

    /** Releases every held batch. */
    void clear() {
        for (List<FieldVector> values : keyValues) {
            values.forEach(FieldVector::close);
        }
        keyValues.clear();
        batches.forEach(Batch::close);
        batches.clear();
        rowCount = 0;
        bytes = 0;
    }

    @Override
    public void close() {
        clear();
    }
}
