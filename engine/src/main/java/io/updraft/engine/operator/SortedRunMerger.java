package io.updraft.engine.operator;

import io.updraft.core.plan.SortKey;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.spill.SpillFile;
import io.updraft.engine.spill.SpillWriter;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * K-way merge of sorted runs on disk: each run keeps one batch in memory, a binary heap of runs ordered by
 * their current row (ties: the earlier run first, which keeps the sort stable) picks the next row, and
 * output batches are gathered from the runs' current batches. When there are more runs than the fan-in
 * (at most {@value #MAX_FAN_IN}, fewer when one batch per run would not fit the spill budget), runs are
 * first merged in groups into longer runs. Not thread-safe.
 */
final class SortedRunMerger implements AutoCloseable {
    static final int MAX_FAN_IN = 32;

    private final StructType schema;
    private final List<SortKey> keys;
    private final List<ExpressionEvaluator> evaluators;
    private final ExecutionContext context;
    private final int fanIn;
    private Merge merge;

    SortedRunMerger(List<SpillFile> runs, StructType schema, List<SortKey> keys, List<ExpressionEvaluator> evaluators,
                    int fanIn, ExecutionContext context) {
        this.schema = schema;
        this.keys = keys;
        this.evaluators = evaluators;
        this.context = context;
        List<SpillFile> level = new ArrayList<>(runs);
        this.fanIn = Math.max(2, Math.min(MAX_FAN_IN, fanIn));
        while (level.size() > this.fanIn) {
            List<SpillFile> next = new ArrayList<>();
            for (int from = 0; from < level.size(); from += this.fanIn) {
                List<SpillFile> group = level.subList(from, Math.min(level.size(), from + this.fanIn));
                if (group.size() == 1) {
                    next.add(group.get(0));
                    continue;
                }
                try (Merge m = new Merge(group); SpillWriter writer = new SpillWriter(context, schema, "sort-merge")) {
                    Batch b;
                    while ((b = m.next()) != null) {
                        writer.write(b);
                    }
                    next.add(writer.finish());
                }
                context.metrics().addSpill();
            }
            level = next;
        }
        this.merge = new Merge(level);
    }

    Batch next() {
        return merge.next();
    }

    /** Runs merged at once. */
    int fanIn() {
        return fanIn;
    }

    @Override
    public void close() {
        if (merge != null) {
            merge.close();
            merge = null;
        }
    }

    /** One merge pass over at most {@value #MAX_FAN_IN} runs. */
    private final class Merge implements AutoCloseable {
        private final SpillFile.Reader[] readers;
        private final Batch[] current;
        private final List<FieldVector>[] currentKeys;
        private final int[] position;
        private final int[] sourceSlot;
        private final SortKeyComparator[] comparators;
        private final int[] heap;
        private int heapSize;
        private final List<Batch> sources = new ArrayList<>();
        private final List<Batch> retired = new ArrayList<>();
        private final List<List<FieldVector>> retiredKeys = new ArrayList<>();

        @SuppressWarnings("unchecked")
        Merge(List<SpillFile> runs) {
            int n = runs.size();
            readers = new SpillFile.Reader[n];
            current = new Batch[n];
            currentKeys = new List[n];
            position = new int[n];
            sourceSlot = new int[n];
            heap = new int[n];
            comparators = new SortKeyComparator[keys.size()];
            List<FieldVector> none = new ArrayList<>(n);
            for (int r = 0; r < n; r++) {
                none.add(null);
            }
            for (int k = 0; k < keys.size(); k++) {
                SortKey key = keys.get(k);
                comparators[k] = new SortKeyComparator(PhysicalKind.of(key.expr().dataType()), key.ascending(),
                        key.nullsFirst(), none);
            }
            try {
                for (int r = 0; r < n; r++) {
                    readers[r] = runs.get(r).open(context);
                    sourceSlot[r] = -1;
                    if (load(r)) {
                        heap[heapSize++] = r;
                    }
                }
                for (int i = heapSize / 2 - 1; i >= 0; i--) {
                    siftDown(i);
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        /** Loads run r's next batch; false when the run is exhausted. */
        private boolean load(int r) {
            Batch b = readers[r].next();
            current[r] = b;
            position[r] = 0;
            if (b == null) {
                currentKeys[r] = null;
                for (SortKeyComparator c : comparators) {
                    c.setBatch(r, null);
                }
                return false;
            }
            List<FieldVector> values = new ArrayList<>(evaluators.size());
            try {
                for (ExpressionEvaluator e : evaluators) {
                    values.add(e.evaluate(b));
                }
            } catch (RuntimeException e) {
                values.forEach(FieldVector::close);
                throw e;
            }
            currentKeys[r] = values;
            for (int k = 0; k < comparators.length; k++) {
                comparators[k].setBatch(r, values.get(k));
            }
            return true;
        }

        private boolean less(int a, int b) {
            for (SortKeyComparator c : comparators) {
                int cmp = c.compare(a, position[a], b, position[b]);
                if (cmp != 0) {
                    return cmp < 0;
                }
            }
            return a < b;
        }

        private void siftDown(int i) {
            int value = heap[i];
            while (true) {
                int child = 2 * i + 1;
                if (child >= heapSize) {
                    break;
                }
                if (child + 1 < heapSize && less(heap[child + 1], heap[child])) {
                    child++;
                }
                if (!less(heap[child], value)) {
                    break;
                }
                heap[i] = heap[child];
                i = child;
            }
            heap[i] = value;
        }

        Batch next() {
            if (heapSize == 0) {
                return null;
            }
            int capacity = context.batchRows();
            int[] slots = new int[capacity];
            int[] rows = new int[capacity];
            int count = 0;
            while (count < capacity && heapSize > 0) {
                int r = heap[0];
                if (sourceSlot[r] < 0) {
                    sourceSlot[r] = sources.size();
                    sources.add(current[r]);
                }
                slots[count] = sourceSlot[r];
                rows[count] = position[r];
                count++;
                position[r]++;
                if (position[r] >= current[r].rowCount()) {
                    retired.add(current[r]);
                    retiredKeys.add(currentKeys[r]);
                    sourceSlot[r] = -1;
                    if (!load(r)) {
                        heap[0] = heap[--heapSize];
                    }
                }
                if (heapSize > 0) {
                    siftDown(0);
                }
            }
            try {
                return gather(slots, rows, count);
            } finally {
                releaseRetired();
                sources.clear();
                for (int r = 0; r < sourceSlot.length; r++) {
                    sourceSlot[r] = -1;
                }
            }
        }

        private Batch gather(int[] slots, int[] rows, int count) {
            int columns = schema.size();
            List<FieldVector> out = new ArrayList<>(columns);
            try {
                for (int c = 0; c < columns; c++) {
                    FieldVector[] inputs = new FieldVector[sources.size()];
                    for (int s = 0; s < inputs.length; s++) {
                        inputs[s] = sources.get(s).vector(c);
                    }
                    out.add(Vectors.gather(inputs, slots, rows, 0, count, context.allocator()));
                }
                return Batch.of(count, out);
            } catch (RuntimeException e) {
                out.forEach(FieldVector::close);
                throw e;
            }
        }

        private void releaseRetired() {
            retired.forEach(Batch::close);
            retired.clear();
            for (List<FieldVector> values : retiredKeys) {
                values.forEach(FieldVector::close);
            }
            retiredKeys.clear();
        }

        @Override
        public void close() {
            releaseRetired();
            for (int r = 0; r < current.length; r++) {
                if (current[r] != null) {
                    current[r].close();
                    current[r] = null;
                }
                if (currentKeys[r] != null) {
                    currentKeys[r].forEach(FieldVector::close);
                    currentKeys[r] = null;
                }
                if (readers[r] != null) {
                    readers[r].close();
                    readers[r] = null;
                }
            }
        }
    }
}
