package io.updraft.engine.aggregate;

import io.updraft.core.plan.AggregateCall;
import io.updraft.engine.ArrowTypes;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.engine.vector.Batch;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The groups of one hash aggregation and the state of every aggregate per group: a {@link GroupHashTable}
 * over the key columns (none = one global group) and one {@link Accumulator} per call. Rows are added
 * raw ({@link #update}) or as partial states ({@link #merge}); groups come out as keys ++ states or keys ++
 * results. Not thread-safe.
 */
public final class AggregationTable implements AutoCloseable {
    private static final long BYTES_PER_STATE_VALUE = 16;

    private final List<AggregateCall> calls;
    private final List<Accumulator> accumulators = new ArrayList<>();
    private final GroupHashTable table;
    private final int keyCount;
    private final int stateWidth;
    private int[] groupIds = new int[0];

    public AggregationTable(List<DataType> keyTypes, List<AggregateCall> calls, BufferAllocator allocator) {
        this(keyTypes, calls, allocator, true);
    }

    /** {@code integralPath}: whether one integral key takes {@link GroupHashTable}'s primitive path. */
    public AggregationTable(List<DataType> keyTypes, List<AggregateCall> calls, BufferAllocator allocator,
                            boolean integralPath) {
        this.calls = List.copyOf(calls);
        this.keyCount = keyTypes.size();
        int width = 0;
        for (AggregateCall call : this.calls) {
            Accumulator a = Accumulators.create(call);
            accumulators.add(a);
            width += a.stateTypes().size();
        }
        this.stateWidth = width;
        this.table = keyCount == 0 ? null : new GroupHashTable(keyTypes, allocator, integralPath);
        if (table == null) {
            accumulators.forEach(a -> a.ensureGroups(1));
        }
    }

    public int groupCount() {
        return table == null ? 1 : table.groupCount();
    }

    /** Arrow and heap bytes held (keys, slots, an estimate of the accumulator state). */
    public long estimatedBytes() {
        if (table == null) {
            return 0;
        }
        long growing = 0;
        for (Accumulator a : accumulators) {
            growing += a.heapBytes();
        }
        return table.estimatedBytes() + (long) table.groupCount() * stateWidth * BYTES_PER_STATE_VALUE + growing;
    }

    /** Group ids of the n rows with these key values (the returned array is reused by the next call). */
    private int[] groups(FieldVector[] keys, int n) {
        if (groupIds.length < n) {
            groupIds = new int[n];
        }
        if (table == null) {
            Arrays.fill(groupIds, 0, n, 0);
            return groupIds;
        }
        table.findOrInsert(keys, n, groupIds);
        for (Accumulator a : accumulators) {
            a.ensureGroups(table.groupCount());
        }
        return groupIds;
    }

    /** Adds raw rows: key values and one argument vector per call (null for count(*)). */
    public void update(FieldVector[] keys, FieldVector[] arguments, int n) {
        update(keys, arguments, new FieldVector[arguments.length], n);
    }

    /**
     * Adds raw rows: key values, one argument vector per call (null for count(*)) and one second-argument
     * vector per call (null for the one-argument functions).
     */
    public void update(FieldVector[] keys, FieldVector[] arguments, FieldVector[] seconds, int n) {
        int[] ids = groups(keys, n);
        for (int a = 0; a < accumulators.size(); a++) {
            accumulators.get(a).update(arguments[a], seconds[a], ids, n);
        }
    }

    /** Merges partial states laid out as keys ++ state columns (the PARTIAL output layout). */
    public void merge(Batch states) {
        int n = states.rowCount();
        FieldVector[] keys = new FieldVector[keyCount];
        for (int k = 0; k < keyCount; k++) {
            keys[k] = states.vector(k);
        }
        int[] ids = groups(keys, n);
        int column = keyCount;
        for (Accumulator accumulator : accumulators) {
            int width = accumulator.stateTypes().size();
            FieldVector[] state = new FieldVector[width];
            for (int s = 0; s < width; s++) {
                state[s] = states.vector(column + s);
            }
            column += width;
            accumulator.merge(state, ids, n);
        }
    }

    /**
     * Groups [from, from + count) as a batch of {@code schema}: keys ++ state columns when {@code states},
     * else keys ++ one result per call.
     */
    public Batch output(int from, int count, boolean states, StructType schema, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>(schema.size());
        try {
            if (table != null) {
                vectors.addAll(table.keys(from, count, allocator));
            }
            int column = keyCount;
            for (Accumulator accumulator : accumulators) {
                if (states) {
                    int width = accumulator.stateTypes().size();
                    FieldVector[] state = new FieldVector[width];
                    for (int s = 0; s < width; s++) {
                        state[s] = allocate(schema.get(column + s), count, allocator);
                        vectors.add(state[s]);
                    }
                    column += width;
                    accumulator.writeState(from, count, state);
                    for (FieldVector v : state) {
                        v.setValueCount(count);
                    }
                } else {
                    FieldVector result = allocate(schema.get(column++), count, allocator);
                    vectors.add(result);
                    accumulator.writeResult(from, count, result);
                    result.setValueCount(count);
                }
            }
            return Batch.of(count, vectors);
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
    }

    private static FieldVector allocate(StructField field, int count, BufferAllocator allocator) {
        FieldVector v = ArrowTypes.newVector(field.name(), field.dataType(), allocator);
        if (v instanceof BaseFixedWidthVector fixed) {
            fixed.allocateNew(Math.max(count, 1));
        } else if (v instanceof BaseVariableWidthVector variable) {
            variable.allocateNew(Math.max(16L * count, 16), Math.max(count, 1));
        }
        return v;
    }

    public List<AggregateCall> calls() {
        return calls;
    }

    @Override
    public void close() {
        if (table != null) {
            table.close();
        }
    }
}
