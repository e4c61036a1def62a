package io.updraft.core.rows;

import io.updraft.core.typed.PartitionFunction;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The partition half of {@code stat().freqItems}: Spark's {@code FreqItemCounter} (the frequent-items algorithm of
 * Karp, Schenker and Papadimitriou, at most {@code size} = 1/support counters per column) over each input column,
 * nulls skipped; the output is one row holding, per column, the counted items and their counts (two arrays), which
 * the driver merges with {@link #merge}. Immutable.
 */
public record FreqItemsFunction(int size) implements PartitionFunction {
    /** The partial row's schema over the input {@code columns}: per column {@code i_items} and {@code i_counts}. */
    public static StructType partialSchema(StructType columns) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            fields.add(new StructField(i + "_items", new ArrayType(columns.get(i).dataType(), true), false));
            fields.add(new StructField(i + "_counts", new ArrayType(DataTypes.LongType, false), false));
        }
        return new StructType(fields);
    }

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        List<Map<Object, Long>> counters = new ArrayList<>();
        for (int i = 0; i < inputSchema.size(); i++) {
            counters.add(new LinkedHashMap<>());
        }
        while (input.hasNext()) {
            Row row = input.next();
            for (int i = 0; i < counters.size(); i++) {
                Object item = row.get(i);
                if (item != null) {
                    add(counters.get(i), item, 1, size);
                }
            }
        }
        Object[] values = new Object[counters.size() * 2];
        for (int i = 0; i < counters.size(); i++) {
            values[2 * i] = List.copyOf(counters.get(i).keySet());
            values[2 * i + 1] = List.copyOf(counters.get(i).values());
        }
        return List.of(Row.withSchema(partialSchema(inputSchema), values)).iterator();
    }

    /** Adds a partial row's counters of column {@code column} into {@code counter}. */
    public static void merge(Map<Object, Long> counter, Row partial, int column, int size) {
        List<?> items = partial.getList(2 * column);
        List<?> counts = partial.getList(2 * column + 1);
        for (int i = 0; i < items.size(); i++) {
            add(counter, items.get(i), ((Number) counts.get(i)).longValue(), size);
        }
    }

    /** Spark's {@code FreqItemCounter.add}. */
    static void add(Map<Object, Long> counter, Object key, long count, int size) {
        Long current = counter.get(key);
        if (current != null) {
            counter.put(key, current + count);
            return;
        }
        if (counter.size() < size) {
            counter.put(key, count);
            return;
        }
        long min = Long.MAX_VALUE;
        for (long v : counter.values()) {
            min = Math.min(min, v);
        }
        long m = counter.isEmpty() ? 0 : min;
        if (count - m >= 0) {
            counter.put(key, count);
            counter.values().removeIf(v -> v <= m);
            counter.replaceAll((k, v) -> v - m);
        } else {
            counter.replaceAll((k, v) -> v - count);
        }
    }
}
