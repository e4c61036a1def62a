package io.updraft.sql;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code spark.sql.session.timeZone} reaches the tasks and the engine honours it: strings read as timestamps, hour(),
 * date_format, date_trunc, casts to string and {@code show()} in the session zone, across the spring-forward gap of
 * America/Los_Angeles (2024-03-10 02:00 → 03:00). Bench's Spark-semantics cases check the same against Spark 4.2.
 */
class SessionTimeZoneTest {
    private static final String QUERY = "select cast(cast('2024-03-10 01:59:59' as timestamp) as bigint) as epoch, "
            + "hour(cast('2024-03-10 03:00:00' as timestamp)) as h, "
            + "date_format(cast('2024-03-10T10:00:00Z' as timestamp), 'yyyy-MM-dd HH:mm XXX') as f, "
            + "cast(date_trunc('DAY', cast('2024-03-10 12:00:00' as timestamp)) as string) as day_start, "
            + "cast('2024-03-10 02:30:00' as timestamp) as in_gap";

    @Test
    void queriesComputeInTheSessionTimeZone() {
        try (UpdraftSession s = UpdraftSession.builder().master("local[1]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).config(RuntimeConfig.TIME_ZONE, "UTC").create()) {
            Row utc = s.sql(QUERY).collectAsList().get(0);
            assertThat(List.of(utc.get(0), utc.get(1), utc.get(2), utc.get(3)))
                    .containsExactly(1710035999L, 3, "2024-03-10 10:00 Z", "2024-03-10 00:00:00");
            assertThat(s.sql(QUERY).showString(1, 0)).contains("2024-03-10 02:30:00");

            s.conf().set(RuntimeConfig.TIME_ZONE, "America/Los_Angeles");
            Row la = s.sql(QUERY).collectAsList().get(0);
            assertThat(List.of(la.get(0), la.get(1), la.get(2), la.get(3)))
                    .containsExactly(1710064799L, 3, "2024-03-10 03:00 -07:00", "2024-03-10 00:00:00");
            // 02:30 does not exist in Los Angeles that day: it moves forward by the gap, to 03:30 PDT
            assertThat(s.sql(QUERY).showString(1, 0)).contains("2024-03-10 03:30:00");
            assertThat(((java.sql.Timestamp) la.get(4)).toInstant()).hasToString("2024-03-10T10:30:00Z");
        }
    }
}
