package io.updraft.core.value;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;

class DateTimesTest {
    private static final ZoneId LA = ZoneId.of("America/Los_Angeles");
    private static final ZoneId UTC = ZoneId.of("UTC");

    private static long micros(String instant) {
        return Values.micros(Instant.parse(instant));
    }

    @Test
    void wallClockTimesInAGapMoveForwardAndInAnOverlapTakeTheEarlierOffset() {
        // 2024-03-10 02:30 does not exist in Los Angeles: 03:30 PDT
        assertThat(DateTimes.parseTimestamp("2024-03-10 02:30:00", LA)).isEqualTo(micros("2024-03-10T10:30:00Z"));
        // 2024-11-03 01:30 happens twice: the first time, PDT (-07:00)
        assertThat(DateTimes.parseTimestamp("2024-11-03 01:30:00", LA)).isEqualTo(micros("2024-11-03T08:30:00Z"));
        assertThat(DateTimes.parseTimestamp("2024-11-03 01:30:00", UTC)).isEqualTo(micros("2024-11-03T01:30:00Z"));
        // an explicit zone wins over the session zone
        assertThat(DateTimes.parseTimestamp("2024-11-03 01:30:00Z", LA)).isEqualTo(micros("2024-11-03T01:30:00Z"));
    }

    @Test
    void formatsAndSplitsInstantsInTheZone() {
        long secondPass = micros("2024-11-03T09:30:00.25Z");
        assertThat(DateTimes.formatTimestamp(secondPass, LA)).isEqualTo("2024-11-03 01:30:00.25");
        assertThat(DateTimes.formatTimestamp(secondPass, UTC)).isEqualTo("2024-11-03 09:30:00.25");
        assertThat(DateTimes.dateOfTimestamp(micros("2024-03-01T07:59:59Z"), LA))
                .isEqualTo((int) LocalDate.parse("2024-02-29").toEpochDay());
        assertThat(DateTimes.timestampOfDate((int) LocalDate.parse("2024-03-10").toEpochDay(), LA))
                .isEqualTo(micros("2024-03-10T08:00:00Z"));
        assertThat(DateTimes.formatTimestamp(-1, UTC)).isEqualTo("1969-12-31 23:59:59.999999");
    }

    @Test
    void addMonthsClampsToTheMonthsEnd() {
        int jan31 = (int) LocalDate.parse("2024-01-31").toEpochDay();
        assertThat(LocalDate.ofEpochDay(DateTimes.addMonths(jan31, 1))).isEqualTo(LocalDate.parse("2024-02-29"));
        assertThat(LocalDate.ofEpochDay(DateTimes.addMonths(jan31, 13))).isEqualTo(LocalDate.parse("2025-02-28"));
        assertThat(LocalDate.ofEpochDay(DateTimes.addMonths(jan31, -2))).isEqualTo(LocalDate.parse("2023-11-30"));
    }

    @Test
    void ordersValuesAsSpark() {
        assertThat(Values.compare(Double.NaN, Double.POSITIVE_INFINITY)).isPositive();
        assertThat(Values.compare(-0.0, 0.0)).isZero();
        // UTF-8 bytes, not UTF-16 chars: U+FF61 (EF BD A1) sorts before U+1F600 (F0 9F 98 80, surrogates D83D DE00)
        assertThat(Values.compare("\uFF61", "\uD83D\uDE00")).isNegative();
        assertThat(Values.compare(new java.math.BigDecimal("1.50"), new java.math.BigDecimal("1.5"))).isZero();
    }
}
