package io.updraft.coordinator.job;

import io.updraft.core.expr.Literal;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.SortKey;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
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

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object a, Object b) {
        return switch (a) {
            case String s -> Arrays.compareUnsigned(s.getBytes(StandardCharsets.UTF_8),
                    ((String) b).getBytes(StandardCharsets.UTF_8));
            case Double d -> compareDoubles(d, (Double) b);
            case BigDecimal d -> d.compareTo((BigDecimal) b);
            default -> ((Comparable) a).compareTo(b);
        };
    }

    private static int compareDoubles(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
        }
        return a == b ? 0 : Double.compare(a, b);
    }

    /** A row value (Spark's Java types) as a literal of {@code type} (dates in days, timestamps in µs). */
    static Literal literal(DataType type, Object value) {
        if (value == null) {
            return Literal.nullOf(type);
        }
        Object internal = switch (type) {
            case DateType d -> value instanceof Date date ? Math.toIntExact(date.toLocalDate().toEpochDay()) : value;
            case TimestampType t -> value instanceof Timestamp ts ? micros(ts.toInstant()) : value;
            default -> value;
        };
        return new Literal(type, internal);
    }

    private static long micros(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
    }
}
