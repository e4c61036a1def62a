package io.updraft.core.typed;

import io.updraft.sql.Row;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The groups of an input sorted on its first {@code keyColumns} columns, one at a time and never collected: the
 * current group's rows are pulled from the input as its iterator is read, and what the caller leaves unread is
 * skipped when it moves on (Spark's {@code GroupedIterator}). Not thread-safe.
 */
final class SortedGroups {
    private final Iterator<Row> input;
    private final int keyColumns;
    private Row lookahead;
    private Row currentKey;
    private GroupIterator current;

    SortedGroups(Iterator<Row> input, int keyColumns) {
        this.input = input;
        this.keyColumns = keyColumns;
    }

    /** Moves to the next group; false once the input is exhausted. */
    boolean nextGroup() {
        if (current != null) {
            while (current.hasNext()) {
                current.next();
            }
        }
        if (lookahead == null) {
            if (!input.hasNext()) {
                return false;
            }
            lookahead = input.next();
        }
        currentKey = lookahead;
        current = new GroupIterator();
        return true;
    }

    /** A row whose first {@code keyColumns} values are the current group's key. */
    Row keyRow() {
        return currentKey;
    }

    /** The current group's rows (whole rows, key columns included). */
    Iterator<Row> rows() {
        return current;
    }

    private boolean sameKey(Row a, Row b) {
        for (int i = 0; i < keyColumns; i++) {
            if (!Objects.equals(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private final class GroupIterator implements Iterator<Row> {
        private boolean done;

        @Override
        public boolean hasNext() {
            if (done) {
                return false;
            }
            if (lookahead == null) {
                if (!input.hasNext()) {
                    done = true;
                    return false;
                }
                lookahead = input.next();
            }
            if (!sameKey(lookahead, currentKey)) {
                done = true;
                return false;
            }
            return true;
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Row r = lookahead;
            lookahead = null;
            return r;
        }
    }
}
