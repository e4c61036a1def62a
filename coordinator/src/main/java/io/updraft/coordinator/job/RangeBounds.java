package io.updraft.coordinator.job;

import io.updraft.core.expr.Literal;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.SortKey;
import io.updraft.core.value.Values;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Range bounds from sampled sort keys, as core's {@code Stage.rangeBoundsStage} asks: the sample rows (one
 * column per key, in key order) are sorted by the range's {@link SortKey}s and bound i (i = 1 .. n-1) is the
 * row at position i × count / n. Values are compared as the engine orders them: strings by unsigned UTF-8
 * bytes, doubles with NaN largest and -0.0 = 0.0, nulls first or last per key. With no sample rows the
 * placeholders stay (correct, only uneven). Any bounds give correctly ordered output — a row goes to the
 * first bound not below it — so the sample only decides how even the partitions are. Stateless.
 */
final class RangeBounds {
    private RangeBounds() {
    }

    static Partitioning.Range fill(Partitioning.Range range, int numPartitions, List<Row> samples) {
        if (samples.isEmpty() || numPartitions < 2) {
            return range;
        }
        List<SortKey> keys = range.keys();
        List<Row> sorted = new ArrayList<>(samples);
        sorted.sort(comparator(keys));
        List<List<Literal>> bounds = new ArrayList<>(numPartitions - 1);
        int count = sorted.size();
        for (int i = 1; i < numPartitions; i++) {
            Row row = sorted.get((int) Math.min(count - 1, (long) i * count / numPartitions));
            List<Literal> bound = new ArrayList<>(keys.size());
            for (int k = 0; k < keys.size(); k++) {
                bound.add(literal(keys.get(k).expr().dataType(), row.get(k)));
            }
            bounds.add(bound);
        }
        return new Partitioning.Range(keys, bounds);
    }

    static Comparator<Row> comparator(List<SortKey> keys) {
        return (a, b) -> {
            for (int k = 0; k < keys.size(); k++) {
                int c = compareKey(keys.get(k), a.get(k), b.get(k));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    private static int compareKey(SortKey key, Object a, Object b) {
        if (a == null || b == null) {
            if (a == b) {
                return 0;
            }
            return (a == null) == key.nullsFirst() ? -1 : 1;
        }
        int c = compareValues(a, b);
        return key.ascending() ? c : -c;
    }

    static int compareValues(Object a, Object b) {
        return Values.compare(a, b);
    }

    /** A row value (Spark's Java types) as a literal of {@code type} (dates in days, timestamps in µs). */
    static Literal literal(DataType type, Object value) {
        if (value == null) {
            return Literal.nullOf(type);
        }
        return new Literal(type, Values.toInternal(type, value));
    }
}
