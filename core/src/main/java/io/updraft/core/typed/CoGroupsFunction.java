package io.updraft.core.typed;

import io.updraft.api.java.function.CoGroupFunction;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * The last step of {@code cogroup}: rows of both sides in one input sorted on the key then the side number (left 0
 * before right 1), then on the sort keys ({@code cogroupSorted}), laid out as key columns, side, {@code leftColumns}
 * left columns, {@code leftSortColumns} left sort keys (not read), {@code rightColumns} right columns, then the
 * right sort keys (not read). Each key seen on
 * either side calls the user's function once with an iterator per side (empty for a side without the key). The
 * left iterator streams from the input; if the function reads the right side first, the left rows it skipped are kept
 * in memory for it (the only rows ever held). Lazy.
 */
public record CoGroupsFunction(CoGroupFunction<Object, Object, Object, Object> function, Encoder<?> key,
                               Encoder<?> left, Encoder<?> right, Encoder<?> output, int keyColumns, int leftColumns,
                               int leftSortColumns, int rightColumns)
        implements PartitionFunction {

    @Override
    @SuppressWarnings("unchecked")
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        StructType keySchema = Columns.keys(inputSchema, keyColumns);
        int leftFrom = keyColumns + 1;
        int rightFrom = leftFrom + leftColumns + leftSortColumns;
        StructType leftSchema = Columns.slice(inputSchema, leftFrom, leftFrom + leftColumns);
        StructType rightSchema = Columns.slice(inputSchema, rightFrom, rightFrom + rightColumns);
        Function<Row, Object> readKey = (Function<Row, Object>) key.reader(keySchema);
        Function<Row, Object> readLeft = (Function<Row, Object>) left.reader(leftSchema);
        Function<Row, Object> readRight = (Function<Row, Object>) right.reader(rightSchema);
        Encoder<Object> out = (Encoder<Object>) output;
        SortedGroups groups = new SortedGroups(input, keyColumns);
        return new Iterator<>() {
            private Iterator<Object> pending = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!pending.hasNext()) {
                    if (!groups.nextGroup()) {
                        return false;
                    }
                    Object k = readKey.apply(Columns.slice(groups.keyRow(), keySchema, 0));
                    Sides sides = new Sides(groups.rows(), keyColumns);
                    Iterator<Object> l = ObjectsFunction.map(sides.left(), r -> readLeft.apply(
                            Columns.slice(r, leftSchema, leftFrom)));
                    Iterator<Object> r = ObjectsFunction.map(sides.right(), x -> readRight.apply(
                            Columns.slice(x, rightSchema, rightFrom)));
                    Iterator<Object> results = UserCalls.call(() -> function.call(k, l, r));
                    pending = results == null ? Collections.emptyIterator() : results;
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return out.toRow(pending.next());
            }
        };
    }

    /** Splits one group's rows (left side first) into a left and a right iterator. */
    private static final class Sides {
        private final Iterator<Row> rows;
        private final int sideColumn;
        private final List<Row> skippedLeft = new ArrayList<>();
        private Row firstRight;
        private boolean leftDone;

        Sides(Iterator<Row> rows, int sideColumn) {
            this.rows = rows;
            this.sideColumn = sideColumn;
        }

        /** Pulls the next left row from the input, or null (and remembers the first right row). */
        private Row pullLeft() {
            if (leftDone || !rows.hasNext()) {
                leftDone = true;
                return null;
            }
            Row r = rows.next();
            if ((Integer) r.get(sideColumn) == 0) {
                return r;
            }
            firstRight = r;
            leftDone = true;
            return null;
        }

        Iterator<Row> left() {
            return new Iterator<>() {
                private int skipped;
                private Row next;

                @Override
                public boolean hasNext() {
                    if (next == null) {
                        next = skipped < skippedLeft.size() ? skippedLeft.get(skipped++) : pullLeft();
                    }
                    return next != null;
                }

                @Override
                public Row next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    Row r = next;
                    next = null;
                    return r;
                }
            };
        }

        Iterator<Row> right() {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    while (!leftDone) {
                        Row l = pullLeft();
                        if (l != null) {
                            skippedLeft.add(l);
                        }
                    }
                    return firstRight != null || rows.hasNext();
                }

                @Override
                public Row next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    if (firstRight != null) {
                        Row r = firstRight;
                        firstRight = null;
                        return r;
                    }
                    return rows.next();
                }
            };
        }
    }
}
