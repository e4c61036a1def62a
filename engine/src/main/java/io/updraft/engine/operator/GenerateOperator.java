package io.updraft.engine.operator;

import io.updraft.core.plan.Generate;
import io.updraft.core.plan.GeneratorFunction;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs a {@link Generate}: evaluates the argument (an array or a map) once per input batch, then emits, for each input
 * row, one row per element or entry: the kept input columns gathered by row, the generated ones gathered from the
 * list's element column ({@code pos} written directly). With {@code outer}, a null or empty argument yields one row
 * whose generated columns are null. Output batches hold about {@code batchRows} rows (a batch ends after the input
 * row that reaches it, so one huge array still fits in one batch); a batch with no rows is never emitted.
 */
public final class GenerateOperator implements BatchOperator {
    private final BatchOperator child;
    private final GeneratorFunction function;
    private final boolean outer;
    private final int[] childColumns;
    private final ExpressionEvaluator argument;
    private final StructType schema;
    private final BufferAllocator allocator;
    private final int batchRows;

    private Batch input;
    private ListVector lists;
    private int nextRow;

    public GenerateOperator(BatchOperator child, Generate generate, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.function = generate.function();
        this.outer = generate.outer();
        this.childColumns = generate.childColumns().stream().mapToInt(Integer::intValue).toArray();
        this.allocator = context.allocator();
        this.batchRows = Math.max(1, context.batchRows());
        this.argument = ExpressionEvaluator.compile(generate.argument(), context);
        this.schema = generate.schema();
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        while (true) {
            if (input == null && !advance()) {
                return null;
            }
            Batch out = generate();
            if (nextRow >= input.rowCount()) {
                release();
            }
            if (out != null) {
                return out;
            }
        }
    }

    /** Pulls the next non-empty input batch and evaluates the argument over it; false at the end of the input. */
    private boolean advance() {
        while (true) {
            Batch next = child.next();
            if (next == null) {
                return false;
            }
            if (next.rowCount() == 0) {
                next.close();
                continue;
            }
            input = next;
            nextRow = 0;
            lists = (ListVector) argument.evaluate(input);
            return true;
        }
    }

    /** Output rows for input rows from {@code nextRow} until about {@code batchRows}; null if none. */
    private Batch generate() {
        int n = input.rowCount();
        ArrowBuf validity = lists.getValidityBuffer();
        ArrowBuf offsets = lists.getOffsetBuffer();
        int first = nextRow;
        long total = 0;
        int last = first;
        while (last < n && total < batchRows) {
            total += rowsFor(validity, offsets, last);
            last++;
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException("a generator produced " + total + " rows from one batch");
        }
        nextRow = last;
        int count = (int) total;
        if (count == 0) {
            return null;
        }
        int[] parents = new int[count];
        int[] elements = new int[count];
        int at = 0;
        for (int row = first; row < last; row++) {
            int size = Bits.get(validity, row) ? offsets.getInt((long) (row + 1) << 2) - offsets.getInt((long) row << 2)
                    : 0;
            int start = size == 0 ? -1 : offsets.getInt((long) row << 2);
            if (size == 0 && outer) {
                parents[at] = row;
                elements[at++] = -1;
            }
            for (int e = 0; e < size; e++) {
                parents[at] = row;
                elements[at++] = start + e;
            }
        }
        List<FieldVector> out = new ArrayList<>(schema.size());
        try {
            for (int c : childColumns) {
                out.add(Vectors.gather(input.vector(c), parents, count, allocator));
            }
            if (function == GeneratorFunction.POSEXPLODE) {
                out.add(positions(elements, offsets, parents, count));
            }
            FieldVector data = lists.getDataVector();
            if (data instanceof StructVector entries && (function == GeneratorFunction.INLINE || isMap())) {
                int[] rows = elements;
                if (function == GeneratorFunction.INLINE) {
                    rows = elements.clone();
                    for (int i = 0; i < count; i++) {
                        if (rows[i] >= 0 && entries.isNull(rows[i])) {
                            rows[i] = -1;
                        }
                    }
                }
                for (int f = 0; f < entries.size(); f++) {
                    out.add(Vectors.gather((FieldVector) entries.getChildByOrdinal(f), rows, count, allocator));
                }
            } else {
                out.add(Vectors.gather(data, elements, count, allocator));
            }
            return Batch.of(count, out);
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
    }

    private boolean isMap() {
        return lists instanceof org.apache.arrow.vector.complex.MapVector;
    }

    /** How many rows input row {@code row} yields. */
    private long rowsFor(ArrowBuf validity, ArrowBuf offsets, int row) {
        int size = Bits.get(validity, row) ? offsets.getInt((long) (row + 1) << 2) - offsets.getInt((long) row << 2) : 0;
        return size == 0 && outer ? 1 : size;
    }

    /** The element's position in its array or map (0-based), null for an outer row. */
    private IntVector positions(int[] elements, ArrowBuf offsets, int[] parents, int count) {
        IntVector pos = new IntVector("pos", allocator);
        try {
            pos.allocateNew(count);
            for (int i = 0; i < count; i++) {
                if (elements[i] >= 0) {
                    pos.set(i, elements[i] - offsets.getInt((long) parents[i] << 2));
                } else {
                    pos.setNull(i);
                }
            }
            pos.setValueCount(count);
            return pos;
        } catch (RuntimeException e) {
            pos.close();
            throw e;
        }
    }

    private void release() {
        if (lists != null) {
            lists.close();
            lists = null;
        }
        if (input != null) {
            input.close();
            input = null;
        }
    }

    @Override
    public void close() {
        try {
            release();
            argument.close();
        } finally {
            child.close();
        }
    }
}
