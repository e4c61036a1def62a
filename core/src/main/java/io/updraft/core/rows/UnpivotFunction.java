package io.updraft.core.rows;

import io.updraft.core.typed.PartitionFunction;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * {@code Dataset.unpivot}: an input row of {@code idCount} id columns then one column per name in {@code names}
 * (already of one type) becomes one output row per name — the ids, the name, that column's value — in column order,
 * as Spark's {@code Expand}. Lazy; immutable.
 */
public record UnpivotFunction(int idCount, List<String> names, StructType output) implements PartitionFunction {
    public UnpivotFunction {
        names = List.copyOf(names);
    }

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        return new Iterator<>() {
            private Row row;
            private int next = names.size();

            @Override
            public boolean hasNext() {
                if (next < names.size()) {
                    return true;
                }
                if (!input.hasNext()) {
                    return false;
                }
                row = input.next();
                next = 0;
                return !names.isEmpty();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Object[] values = new Object[idCount + 2];
                for (int i = 0; i < idCount; i++) {
                    values[i] = row.get(i);
                }
                values[idCount] = names.get(next);
                values[idCount + 1] = row.get(idCount + next);
                next++;
                return Row.withSchema(output, values);
            }
        };
    }
}
