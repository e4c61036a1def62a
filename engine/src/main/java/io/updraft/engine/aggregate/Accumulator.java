package io.updraft.engine.aggregate;

import io.updraft.sql.types.DataType;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * The running state of one aggregate for every group, in Java arrays indexed by group id. Input rows
 * arrive a batch at a time with the group id of each row. Partial states have the layout of
 * {@link io.updraft.core.plan.AggregateCall#stateTypes()}. Not thread-safe.
 */
public abstract class Accumulator {
    /** Types of the partial state columns. */
    public abstract List<DataType> stateTypes();

    /** Makes room for groups [0, groupCount). */
    public abstract void ensureGroups(int groupCount);

    /** Adds raw input values (PARTIAL and COMPLETE modes); {@code argument} is null for count(*). */
    public abstract void update(FieldVector argument, int[] groupIds, int n);

    /**
     * Adds raw input of a two-argument aggregate ({@code second}: the second argument's values, null for the
     * one-argument functions, which ignore it).
     */
    public void update(FieldVector argument, FieldVector second, int[] groupIds, int n) {
        update(argument, groupIds, n);
    }

    /** Merges partial states (FINAL mode); {@code state} holds one vector per state column. */
    public abstract void merge(FieldVector[] state, int[] groupIds, int n);

    /**
     * Writes the partial state of groups [from, from + count) into {@code out} (allocated, one per state
     * column); sets values and validity, not the value count.
     */
    public abstract void writeState(int from, int count, FieldVector[] out);

    /** Writes the final result of groups [from, from + count) into {@code out}. */
    public abstract void writeResult(int from, int count, FieldVector out);

    /** Heap bytes of state that grows with the values seen (collected arrays, sketches); 0 when fixed per group. */
    public long heapBytes() {
        return 0;
    }

    static int grow(int current, int needed) {
        int size = Math.max(current, 16);
        while (size < needed) {
            size *= 2;
        }
        return size;
    }
}
