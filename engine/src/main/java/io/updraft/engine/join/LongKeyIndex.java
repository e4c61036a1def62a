package io.updraft.engine.join;

import io.updraft.engine.vector.IntegralKeys;

/**
 * The hash index of a join build side whose one key is an integral column (tinyint, smallint, int, date,
 * bigint, timestamp), values widened to long: open addressing (linear probing) over one primitive array that
 * holds each distinct key next to the first row that has it, and a chain of the further rows of the same key.
 * A probe is one hash and (mostly) one cache line; chains hold equal keys only, so no key is compared again.
 * Rows with a null key that may match (null-safe {@code <=>}) are chained on their own ({@link #firstNull()});
 * rows whose null key matches nothing are simply never added. Chains list rows in the order they were added
 * in reverse, so callers add rows last to first to walk them in arrival order. Not thread-safe.
 */
final class LongKeyIndex {
    static final int END = -1;

    /** Slot s: {@code slots[2s]} the key, {@code slots[2s + 1]} its head row + 1 (0: the slot is empty). */
    private long[] slots;
    private int mask;
    private final int[] chain;
    private int nullHead = END;
    private int distinct;

    /**
     * An index for rows 0 .. rows - 1. The table is sized by the distinct keys as they come (doubling at a load
     * factor of 1/2), not by the rows: a build side with many rows per key keeps a small, cache-friendly table.
     */
    LongKeyIndex(int rows) {
        int capacity = 1024;
        slots = new long[2 * capacity];
        mask = capacity - 1;
        chain = new int[Math.max(rows, 1)];
    }

    /** Heap bytes held: the slot table and the chain. */
    long bytes() {
        return 8L * slots.length + 4L * chain.length;
    }

    /** Adds row {@code row} with key {@code key}; it becomes the first row of its key. */
    void add(int row, long key) {
        int slot = IntegralKeys.hash(key) & mask;
        while (true) {
            long head = slots[2 * slot + 1];
            if (head == 0) {
                slots[2 * slot] = key;
                slots[2 * slot + 1] = row + 1L;
                chain[row] = END;
                if (++distinct * 2 > mask + 1) {
                    grow();
                }
                return;
            }
            if (slots[2 * slot] == key) {
                chain[row] = (int) head - 1;
                slots[2 * slot + 1] = row + 1L;
                return;
            }
            slot = (slot + 1) & mask;
        }
    }

    private void grow() {
        long[] old = slots;
        int capacity = (mask + 1) * 2;
        long[] bigger = new long[2 * capacity];
        int newMask = capacity - 1;
        for (int s = 0; s < old.length; s += 2) {
            if (old[s + 1] != 0) {
                int slot = IntegralKeys.hash(old[s]) & newMask;
                while (bigger[2 * slot + 1] != 0) {
                    slot = (slot + 1) & newMask;
                }
                bigger[2 * slot] = old[s];
                bigger[2 * slot + 1] = old[s + 1];
            }
        }
        slots = bigger;
        mask = newMask;
    }

    /** Adds row {@code row} whose key is null (null-safe keys only). */
    void addNull(int row) {
        chain[row] = nullHead;
        nullHead = row;
    }

    /** The first row with this key, or {@link #END}. */
    int first(long key) {
        int slot = IntegralKeys.hash(key) & mask;
        while (true) {
            long head = slots[2 * slot + 1];
            if (head == 0) {
                return END;
            }
            if (slots[2 * slot] == key) {
                return (int) head - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The first row with a null key added by {@link #addNull}, or {@link #END}. */
    int firstNull() {
        return nullHead;
    }

    /** The next row with the same key as {@code row}, or {@link #END}. */
    int next(int row) {
        return chain[row];
    }

    /** Distinct non-null keys added. */
    int distinctKeys() {
        return distinct;
    }
}
