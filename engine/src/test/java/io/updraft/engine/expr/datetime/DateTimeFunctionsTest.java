package io.updraft.engine.expr.datetime;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Date and timestamp functions against the examples of Spark's SQL function reference (UTC session). */
class DateTimeFunctionsTest extends ExpressionTestSupport {
    private static final DataType INT = DataTypes.IntegerType;
    private static final DataType DATE = DataTypes.DateType;
    private static final DataType TIMESTAMP = DataTypes.TimestampType;
    private static final DataType STRING = DataTypes.StringType;

    @Test
    void datePartExamples() {
        assertThat(call("year", INT, date("2016-07-30"))).isEqualTo(2016);
        assertThat(call("quarter", INT, date("2016-08-31"))).isEqualTo(3);
        assertThat(call("month", INT, date("2016-07-30"))).isEqualTo(7);
        assertThat(call("dayofmonth", INT, date("2009-07-30"))).isEqualTo(30);
        assertThat(call("day", INT, date("2009-07-30"))).isEqualTo(30);
        assertThat(call("dayofweek", INT, date("2009-07-30"))).isEqualTo(5);
        assertThat(call("dayofweek", INT, date("2023-01-01"))).isEqualTo(1);
        assertThat(call("dayofweek", INT, date("2023-01-07"))).isEqualTo(7);
        assertThat(call("dayofyear", INT, date("2016-04-09"))).isEqualTo(100);
        assertThat(call("weekofyear", INT, date("2008-02-20"))).isEqualTo(8);
        assertThat(call("weekofyear", INT, date("2021-01-01"))).isEqualTo(53);
        assertThat(call("weekofyear", INT, date("2019-12-30"))).isEqualTo(1);
        // A string argument is cast to a date first, as Spark.
        assertThat(call("quarter", INT, "2016-11-02 10:00:00")).isEqualTo(4);
        assertThat(call("year", INT, lit(DATE, null))).isNull();
    }

    @Test
    void datePartsMatchJavaTimeOverFourCenturies() {
        Object[] days = new Object[1200];
        for (int i = 0; i < days.length; i++) {
            days[i] = -146_097 + i * 245;
        }
        List<Object> quarters = eval(function("quarter", INT, col(0, DATE)), DATE, days);
        List<Object> weekdays = eval(function("dayofweek", INT, col(0, DATE)), DATE, days);
        List<Object> yearDays = eval(function("dayofyear", INT, col(0, DATE)), DATE, days);
        List<Object> weeks = eval(function("weekofyear", INT, col(0, DATE)), DATE, days);
        List<Object> lastDays = eval(function("last_day", DATE, col(0, DATE)), DATE, days);
        for (int i = 0; i < days.length; i++) {
            LocalDate d = LocalDate.ofEpochDay((Integer) days[i]);
            assertThat(List.of(quarters.get(i), weekdays.get(i), yearDays.get(i), weeks.get(i), lastDays.get(i)))
                    .as("%s", d)
                    .containsExactly(d.get(IsoFields.QUARTER_OF_YEAR), d.getDayOfWeek().getValue() % 7 + 1,
                            d.getDayOfYear(), d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR),
                            (int) d.withDayOfMonth(d.lengthOfMonth()).toEpochDay());
        }
    }

    @Test
    void timeParts() {
        assertThat(call("hour", INT, timestamp("2009-07-30T12:58:59"))).isEqualTo(12);
        assertThat(call("minute", INT, timestamp("2009-07-30T12:58:59"))).isEqualTo(58);
        assertThat(call("second", INT, timestamp("2009-07-30T12:58:59.999"))).isEqualTo(59);
        assertThat(call("hour", INT, timestamp("1969-12-31T23:59:59.5"))).isEqualTo(23);
        assertThat(call("second", INT, timestamp("1969-12-31T23:59:59.5"))).isEqualTo(59);
        assertThat(call("hour", INT, "2009-07-30 07:00:00")).isEqualTo(7);
        assertThat(call("minute", INT, date("2009-07-30"))).isEqualTo(0);
    }

    @Test
    void dateArithmetic() {
        assertThat(call("date_add", DATE, date("2016-07-30"), 1)).isEqualTo(day("2016-07-31"));
        assertThat(call("date_sub", DATE, date("2016-07-30"), 1)).isEqualTo(day("2016-07-29"));
        assertThat(call("date_add", DATE, "2016-07-30", -31)).isEqualTo(day("2016-06-29"));
        assertThat(call("datediff", INT, date("2009-07-31"), date("2009-07-30"))).isEqualTo(1);
        assertThat(call("datediff", INT, date("2009-07-30"), date("2009-07-31"))).isEqualTo(-1);
        assertThat(call("datediff", INT, "2009-07-31 23:00:00", "2009-07-30")).isEqualTo(1);
        assertThat(call("date_add", DATE, date("2016-07-30"), lit(INT, null))).isNull();
    }

    @Test
    void addMonthsClampsToTheEndOfShorterMonths() {
        assertThat(call("add_months", DATE, date("2016-08-31"), 1)).isEqualTo(day("2016-09-30"));
        // Since Spark 3 a month's last day does not stick to month ends.
        assertThat(call("add_months", DATE, date("2019-02-28"), 1)).isEqualTo(day("2019-03-28"));
        assertThat(call("add_months", DATE, date("2020-02-29"), 12)).isEqualTo(day("2021-02-28"));
        assertThat(call("add_months", DATE, date("2016-01-31"), -2)).isEqualTo(day("2015-11-30"));
        Object[] days = new Object[400];
        for (int i = 0; i < days.length; i++) {
            days[i] = -40_000 + i * 197;
        }
        StructType schema = new StructType(List.of()).add("d", DATE).add("n", INT);
        Object[][] rows = new Object[days.length][];
        for (int i = 0; i < days.length; i++) {
            rows[i] = new Object[] {days[i], i * 7 - 1400};
        }
        List<Object> shifted = eval(function("add_months", DATE, col(0, DATE), col(1, INT)), schema, rows);
        for (int i = 0; i < days.length; i++) {
            LocalDate expected = LocalDate.ofEpochDay((Integer) days[i]).plusMonths((Integer) rows[i][1]);
            assertThat(shifted.get(i)).isEqualTo((int) expected.toEpochDay());
        }
    }

    @Test
    void lastDayNextDayAndMakeDate() {
        assertThat(call("last_day", DATE, date("2009-01-12"))).isEqualTo(day("2009-01-31"));
        assertThat(call("last_day", DATE, date("2024-02-10"))).isEqualTo(day("2024-02-29"));
        assertThat(call("next_day", DATE, date("2015-01-14"), "TU")).isEqualTo(day("2015-01-20"));
        assertThat(call("next_day", DATE, date("2015-01-20"), "tuesday")).isEqualTo(day("2015-01-27"));
        assertThat(call("next_day", DATE, date("2015-01-20"), "Sun")).isEqualTo(day("2015-01-25"));
        assertThat(call("next_day", DATE, date("2015-01-20"), "xx")).isNull();
        StructType schema = new StructType(List.of()).add("d", DATE).add("w", STRING);
        assertThat(eval(function("next_day", DATE, col(0, DATE), col(1, STRING)), schema,
                new Object[] {day("2015-01-14"), "MO"}, new Object[] {day("2015-01-14"), "WE"},
                new Object[] {day("2015-01-14"), "moon"}, new Object[] {null, "MO"}))
                .containsExactly(day("2015-01-19"), day("2015-01-21"), null, null);
        assertThat(call("make_date", DATE, 2013, 7, 15)).isEqualTo(day("2013-07-15"));
        assertThat(call("make_date", DATE, 2019, 7, null)).isNull();
        assertThat(call("make_date", DATE, 2019, 13, 1)).isNull();
        assertThat(call("make_date", DATE, 2019, 2, 29)).isNull();
        assertThat(call("make_date", DATE, 2020, 2, 29)).isEqualTo(day("2020-02-29"));
        assertThat(call("make_date", DATE, -1, 1, 1)).isEqualTo((int) LocalDate.of(-1, 1, 1).toEpochDay());
        assertThat(call("make_date", DATE, 2020, 1, 0)).isNull();
    }

    @Test
    void toDateAndToTimestampWithSparkPatterns() {
        assertThat(call("to_date", DATE, "2009-07-30 04:17:52")).isEqualTo(day("2009-07-30"));
        assertThat(call("to_date", DATE, "2016-12-31", "yyyy-MM-dd")).isEqualTo(day("2016-12-31"));
        assertThat(call("to_date", DATE, "12/31/2016", "MM/dd/yyyy")).isEqualTo(day("2016-12-31"));
        assertThat(call("to_date", DATE, "31.01.2015", "dd.MM.yyyy")).isEqualTo(day("2015-01-31"));
        assertThat(call("to_date", DATE, "2016-12-31 10:00", "yyyy-MM-dd")).isNull();
        assertThat(call("to_date", DATE, "2019-02-30", "yyyy-MM-dd")).isNull();
        assertThat(call("to_date", DATE, "2016", "yyyy")).isEqualTo(day("2016-01-01"));
        assertThat(call("to_date", DATE, "07-15", "MM-dd")).isEqualTo(day("1970-07-15"));
        assertThat(call("to_date", DATE, "2016 100", "yyyy D")).isEqualTo(day("2016-04-09"));
        assertThat(call("to_date", DATE, "15 jan 2020", "dd MMM yyyy")).isEqualTo(day("2020-01-15"));
        assertThat(call("to_date", DATE, "20-01-15", "yy-MM-dd")).isEqualTo(day("2020-01-15"));
        assertThat(call("to_date", DATE, "2020-01-15T23:30:00+05:00", "yyyy-MM-dd'T'HH:mm:ssXXX"))
                .isEqualTo(day("2020-01-15"));
        assertThat(call("to_date", DATE, "2020-01-15T23:30:00-05:00", "yyyy-MM-dd'T'HH:mm:ssXXX"))
                .isEqualTo(day("2020-01-16"));
        assertThat(call("to_timestamp", TIMESTAMP, "2016-12-31 00:12:00")).isEqualTo(micros("2016-12-31T00:12:00"));
        assertThat(call("to_timestamp", TIMESTAMP, "2016-12-31", "yyyy-MM-dd")).isEqualTo(micros("2016-12-31T00:00"));
        assertThat(call("to_timestamp", TIMESTAMP, "2020-01-01 12:34:56.123456", "yyyy-MM-dd HH:mm:ss.SSSSSS"))
                .isEqualTo(micros("2020-01-01T12:34:56.123456"));
        assertThat(call("to_timestamp", TIMESTAMP, "2020-01-01 12:34:56.1", "yyyy-MM-dd HH:mm:ss.SSS"))
                .isEqualTo(micros("2020-01-01T12:34:56.1"));
        assertThat(call("to_timestamp", TIMESTAMP, "2020-01-01 12:34:56.1234567", "yyyy-MM-dd HH:mm:ss.SSSSSSSSS"))
                .isEqualTo(micros("2020-01-01T12:34:56.123456"));
        assertThat(call("to_timestamp", TIMESTAMP, "31/01/2015 00:00", "dd/MM/yyyy hh:mm")).isNull();
        assertThat(call("to_timestamp", TIMESTAMP, "2015-01-31 03 PM", "yyyy-MM-dd hh a"))
                .isEqualTo(micros("2015-01-31T15:00"));
        assertThat(call("to_timestamp", TIMESTAMP, "2015-01-31 03", "yyyy-MM-dd hh"))
                .isEqualTo(micros("2015-01-31T03:00"));
        assertThat(call("to_timestamp", TIMESTAMP, "2020-01-01 00:00:00 +01:00", "yyyy-MM-dd HH:mm:ss XXX"))
                .isEqualTo(micros("2019-12-31T23:00"));
        assertThat(call("to_timestamp", TIMESTAMP, "not a date", "yyyy-MM-dd")).isNull();
        assertThat(call("to_timestamp", TIMESTAMP, null, "yyyy-MM-dd")).isNull();
        StructType schema = new StructType(List.of()).add("s", STRING).add("f", STRING);
        assertThat(eval(function("to_date", DATE, col(0, STRING), col(1, STRING)), schema,
                new Object[] {"2020-02-03", "yyyy-MM-dd"}, new Object[] {"03/02/2020", "dd/MM/yyyy"},
                new Object[] {"03/02/2020", "yyyy-MM-dd"}, new Object[] {"2020", null}))
                .containsExactly(day("2020-02-03"), day("2020-02-03"), null, null);
    }

    @Test
    void patternsSparkRejectsAreUserErrors() {
        for (String pattern : List.of("YYYY-MM-dd", "yyyy-ww", "yyyy-MM-dd EEEE", "yyyyyyy", "MMMMM", "yyyy-MM-dd'T")) {
            assertThatThrownBy(() -> call("to_date", DATE, "2020-01-01", pattern)).as(pattern)
                    .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                    .hasMessageContaining(pattern);
        }
        assertThatThrownBy(() -> call("date_format", STRING, timestamp("2020-01-01T00:00"), "YYYY"))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("week-based");
    }

    @Test
    void dateFormatExamples() {
        long t = micros("2016-04-08T15:04:05.123456");
        assertThat(call("date_format", STRING, date("2016-04-08"), "y")).isEqualTo("2016");
        assertThat(call("date_format", STRING, timestamp("2016-04-08T15:04:05.123456"), "yyyy-MM-dd HH:mm:ss.SSS"))
                .isEqualTo("2016-04-08 15:04:05.123");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), "EEEE, MMM d, yyyy")).isEqualTo("Friday, Apr 8, 2016");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), "E MMMM dd yy")).isEqualTo("Fri April 08 16");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), "hh:mm a")).isEqualTo("03:04 PM");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), "yyyy'T'HH''")).isEqualTo("2016T15'");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), "D Q SSSSSS")).isEqualTo("99 2 123456");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), "z XXX VV")).isEqualTo("UTC Z UTC");
        assertThat(call("date_format", STRING, timestamp("1969-12-31T23:59:59.5"), "yyyy-MM-dd HH:mm:ss.S"))
                .isEqualTo("1969-12-31 23:59:59.5");
        assertThat(call("date_format", STRING, lit(TIMESTAMP, t), null)).isNull();
    }

    @Test
    void dateTruncAndTrunc() {
        long t = micros("2015-03-05T09:32:05.359");
        assertThat(call("date_trunc", TIMESTAMP, "YEAR", lit(TIMESTAMP, t))).isEqualTo(micros("2015-01-01T00:00"));
        assertThat(call("date_trunc", TIMESTAMP, "MM", lit(TIMESTAMP, t))).isEqualTo(micros("2015-03-01T00:00"));
        assertThat(call("date_trunc", TIMESTAMP, "DD", lit(TIMESTAMP, t))).isEqualTo(micros("2015-03-05T00:00"));
        assertThat(call("date_trunc", TIMESTAMP, "HOUR", lit(TIMESTAMP, t))).isEqualTo(micros("2015-03-05T09:00"));
        assertThat(call("date_trunc", TIMESTAMP, "minute", lit(TIMESTAMP, t))).isEqualTo(micros("2015-03-05T09:32"));
        assertThat(call("date_trunc", TIMESTAMP, "second", lit(TIMESTAMP, t))).isEqualTo(micros("2015-03-05T09:32:05"));
        assertThat(call("date_trunc", TIMESTAMP, "MILLISECOND", timestamp("2015-03-05T09:32:05.123456")))
                .isEqualTo(micros("2015-03-05T09:32:05.123"));
        assertThat(call("date_trunc", TIMESTAMP, "week", lit(TIMESTAMP, t))).isEqualTo(micros("2015-03-02T00:00"));
        assertThat(call("date_trunc", TIMESTAMP, "quarter", lit(TIMESTAMP, t))).isEqualTo(micros("2015-01-01T00:00"));
        assertThat(call("date_trunc", TIMESTAMP, "SECOND", timestamp("1969-12-31T23:59:59.5")))
                .isEqualTo(micros("1969-12-31T23:59:59"));
        assertThat(call("date_trunc", TIMESTAMP, "decade", lit(TIMESTAMP, t))).isNull();
        assertThat(call("trunc", DATE, date("2019-08-04"), "week")).isEqualTo(day("2019-07-29"));
        assertThat(call("trunc", DATE, date("2019-08-04"), "quarter")).isEqualTo(day("2019-07-01"));
        assertThat(call("trunc", DATE, date("2009-02-12"), "MM")).isEqualTo(day("2009-02-01"));
        assertThat(call("trunc", DATE, date("2015-10-27"), "YEAR")).isEqualTo(day("2015-01-01"));
        assertThat(call("trunc", DATE, date("2015-10-27"), "DD")).isNull();
        assertThat(call("trunc", DATE, date("2015-10-27"), "bad")).isNull();
        StructType schema = new StructType(List.of()).add("u", STRING).add("t", TIMESTAMP);
        assertThat(eval(function("date_trunc", TIMESTAMP, col(0, STRING), col(1, TIMESTAMP)), schema,
                new Object[] {"YY", t}, new Object[] {"mon", t}, new Object[] {"x", t}, new Object[] {null, t}))
                .containsExactly(micros("2015-01-01T00:00"), micros("2015-03-01T00:00"), null, null);
    }

    @Test
    void truncToWeekIsAlwaysAMonday() {
        for (int d = -800; d < 800; d += 13) {
            Object monday = call("trunc", DATE, lit(DATE, d), "WEEK");
            LocalDate date = LocalDate.ofEpochDay((Integer) monday);
            assertThat(date.get(ChronoField.DAY_OF_WEEK)).isEqualTo(1);
            assertThat(d - (Integer) monday).isBetween(0, 6);
        }
    }
}
