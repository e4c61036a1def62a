package io.updraft.coordinator.job;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.SortKey;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RangeBoundsTest {
    private static Partitioning.Range placeholders(int partitions, SortKey... keys) {
        List<List<Literal>> bounds = new ArrayList<>();
        for (int i = 0; i < partitions - 1; i++) {
            List<Literal> b = new ArrayList<>();
            for (SortKey k : keys) {
                b.add(Literal.nullOf(k.expr().dataType()));
            }
            bounds.add(b);
        }
        return new Partitioning.Range(List.of(keys), bounds);
    }

    private static SortKey key(int ordinal, DataType type, boolean ascending, boolean nullsFirst) {
        return new SortKey(new ColumnRef(ordinal, type, true), ascending, nullsFirst);
    }

    @Test
    void boundsAreTheSampleRowsAtEvenPositions() {
        Partitioning.Range range = placeholders(4, key(0, DataTypes.LongType, true, true));
        List<Row> samples = new ArrayList<>();
        for (long v = 20; v > 0; v--) {
            samples.add(Row.of(v));
        }
        // sorted 1..20: positions 5, 10, 15
        assertThat(RangeBounds.fill(range, 4, samples).upperBounds())
                .containsExactly(List.of(Literal.of(6L)), List.of(Literal.of(11L)), List.of(Literal.of(16L)));
    }

    @Test
    void descendingKeysAndNullPlacementFollowTheSortKeys() {
        Partitioning.Range range = placeholders(2, key(0, DataTypes.IntegerType, false, false));
        List<Row> samples = List.of(Row.of(1), Row.of((Object) null), Row.of(3), Row.of(2));
        // DESC NULLS LAST: 3 2 1 null → position 2
        assertThat(RangeBounds.fill(range, 2, samples).upperBounds()).containsExactly(List.of(Literal.of(1)));
        Partitioning.Range nullsFirst = placeholders(2, key(0, DataTypes.IntegerType, true, true));
        List<Row> mostlyNull = List.of(Row.of((Object) null), Row.of((Object) null), Row.of((Object) null),
                Row.of(5));
        assertThat(RangeBounds.fill(nullsFirst, 2, mostlyNull).upperBounds())
                .containsExactly(List.of(Literal.nullOf(DataTypes.IntegerType)));
    }

    @Test
    void stringsCompareByUtf8BytesAndDoublesPutNaNLast() {
        assertThat(RangeBounds.compareValues("Z", "a")).isNegative();
        assertThat(RangeBounds.compareValues("é", "z")).isPositive();   // 0xC3 > 'z'
        assertThat(RangeBounds.compareValues(Double.NaN, Double.POSITIVE_INFINITY)).isPositive();
        assertThat(RangeBounds.compareValues(-0.0, 0.0)).isZero();
        assertThat(RangeBounds.compareValues(new BigDecimal("1.50"), new BigDecimal("1.5"))).isZero();
    }

    @Test
    void multiColumnKeysCompareColumnByColumn() {
        Partitioning.Range range = placeholders(2, key(0, DataTypes.StringType, true, true),
                key(1, DataTypes.LongType, false, true));
        List<Row> samples = List.of(Row.of("b", 1L), Row.of("a", 1L), Row.of("a", 9L), Row.of("b", 7L));
        // a/9 a/1 b/7 b/1 → position 2 = b/7
        assertThat(RangeBounds.fill(range, 2, samples).upperBounds())
                .containsExactly(List.of(Literal.of("b"), Literal.of(7L)));
    }

    @Test
    void datesAndTimestampsBecomeDaysAndMicroseconds() {
        Date day = Date.valueOf(LocalDate.of(1994, 1, 1));
        Timestamp ts = Timestamp.from(Instant.parse("1994-01-01T00:00:01.000002Z"));
        assertThat(RangeBounds.literal(DataTypes.DateType, day))
                .isEqualTo(new Literal(DataTypes.DateType, (int) LocalDate.of(1994, 1, 1).toEpochDay()));
        assertThat(RangeBounds.literal(DataTypes.TimestampType, ts))
                .isEqualTo(new Literal(DataTypes.TimestampType, 757382401000002L));
    }

    @Test
    void withoutSamplesThePlaceholdersStay() {
        Partitioning.Range range = placeholders(3, key(0, DataTypes.LongType, true, true));
        assertThat(RangeBounds.fill(range, 3, List.of())).isSameAs(range);
    }

    @Test
    void fewerSamplesThanPartitionsStillGiveValidBounds() {
        Partitioning.Range range = placeholders(4, key(0, DataTypes.LongType, true, true));
        assertThat(RangeBounds.fill(range, 4, List.of(Row.of(7L))).upperBounds())
                .containsExactly(List.of(Literal.of(7L)), List.of(Literal.of(7L)), List.of(Literal.of(7L)));
    }
}
