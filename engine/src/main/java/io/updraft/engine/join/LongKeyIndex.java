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
    private final long[] slots;
    private final int mask;
    private final int[] chain;
    private int nullHead = END;
    private int distinct;

    /** An index for rows 0 .. rows - 1. */
    LongKeyIndex(int rows) {
        int capacity = Integer.highestOneBit(Math.max(8, rows)) << 1;   // load factor <= 1/2
        slots = new long[2 * capacity];
        mask = capacity - 1;
        chain = new int[Math.max(rows, 1)];
    }

    /** Heap bytes of an index over this many rows (what {@link #LongKeyIndex(int)} allocates). */
    static long bytesFor(int rows) {
        return 16L * (Integer.highestOneBit(Math.max(8, rows)) << 1) + 4L * rows;
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
                distinct++;
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
