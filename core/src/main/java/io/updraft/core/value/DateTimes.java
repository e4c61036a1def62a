package io.updraft.core.value;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneRules;

/**
 * Dates are days since 1970-01-01 (proleptic Gregorian) and timestamps microseconds since the epoch (an instant,
 * Spark's TIMESTAMP_LTZ); a timestamp's fields, its date and its text are those of a time zone (Spark's session
 * time zone). Parsing follows Spark's cast rules for strings; formatting Spark's {@code cast(... as string)}.
 * A local date-time in a zone's gap moves forward by the gap, in an overlap takes the earlier offset
 * ({@link ZonedDateTime#of}, as Spark). Stateless.
 */
public final class DateTimes {
    public static final long MICROS_PER_SECOND = 1_000_000L;
    public static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

    private DateTimes() {
    }

    /** Year, month (1-12) and day (1-31) of a day number, packed as year << 9 | month << 5 | day. */
    public static long civil(int epochDay) {
        // Howard Hinnant's civil_from_days, proleptic Gregorian.
        long z = epochDay + 719468L;
        long era = Math.floorDiv(z, 146097L);
        long doe = z - era * 146097L;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long y = yoe + era * 400;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        if (m <= 2) {
            y++;
        }
        return (y << 9) | (m << 5) | d;
    }

    /** Day number of a proleptic Gregorian date (month 1-12, day 1-31, not validated); inverse of {@link #civil}. */
    public static long epochDay(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400L);
        long yoe = y - era * 400;
        long mp = month > 2 ? month - 3 : month + 9;
        long doy = (153 * mp + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    /** Spark's add_months: the day clamps to the end of a shorter month (2024-01-31 + 1 month = 2024-02-29). */
    public static int addMonths(int epochDay, int months) {
        long civil = DateTimes.civil(epochDay);
        long monthIndex = (civil >> 9) * 12 + ((civil >> 5) & 15) - 1 + months;
        long year = Math.floorDiv(monthIndex, 12L);
        int month = (int) Math.floorMod(monthIndex, 12L) + 1;
        int day = (int) Math.min(civil & 31, DateTimes.daysInMonth(year, month));
        return (int) DateTimes.epochDay(year, month, day);
    }

    public static boolean isLeapYear(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /** Number of days of a month (1-12). */
    public static int daysInMonth(long year, int month) {
        return switch (month) {
            case 2 -> isLeapYear(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** ISO day of week: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
    public static int isoDayOfWeek(int epochDay) {
        return Math.floorMod(epochDay + 3, 7) + 1;
    }

    public static int dayOfYear(int epochDay) {
        return (int) (epochDay - epochDay(year(epochDay), 1, 1)) + 1;
    }

    /** ISO-8601 week of the week-based year: weeks start on Monday, week 1 holds the year's first Thursday. */
    public static int isoWeekOfYear(int epochDay) {
        int thursday = epochDay - isoDayOfWeek(epochDay) + 4;
        return (int) ((thursday - epochDay(year(thursday), 1, 1)) / 7) + 1;
    }

    public static int year(int epochDay) {
        return (int) (civil(epochDay) >> 9);
    }

    public static int month(int epochDay) {
        return (int) ((civil(epochDay) >> 5) & 15);
    }

    public static int dayOfMonth(int epochDay) {
        return (int) (civil(epochDay) & 31);
    }

    /** The local date of an instant in {@code zone}. */
    public static int dateOfTimestamp(long micros, ZoneId zone) {
        return (int) Math.floorDiv(localMicros(micros, zone), MICROS_PER_DAY);
    }

    /** Microseconds since 1970-01-01T00:00 of the instant's local date-time in {@code zone} (the wall clock). */
    public static long localMicros(long micros, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        Instant at = rules.isFixedOffset() ? Instant.EPOCH : Instant.ofEpochSecond(Math.floorDiv(micros, MICROS_PER_SECOND));
        return micros + rules.getOffset(at).getTotalSeconds() * MICROS_PER_SECOND;
    }

    /** The instant of a wall-clock time (micros since 1970-01-01T00:00 local) in {@code zone}. */
    public static long instantOfLocal(long localMicros, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        if (rules.isFixedOffset()) {
            return localMicros - rules.getOffset(Instant.EPOCH).getTotalSeconds() * MICROS_PER_SECOND;
        }
        long seconds = Math.floorDiv(localMicros, MICROS_PER_SECOND);
        long fraction = localMicros - seconds * MICROS_PER_SECOND;
        LocalDateTime local = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        return ZonedDateTime.of(local, zone).toEpochSecond() * MICROS_PER_SECOND + fraction;
    }

    /** Midnight of a date in {@code zone}, Spark's {@code cast(date as timestamp)}. */
    public static long timestampOfDate(int epochDay, ZoneId zone) {
        return instantOfLocal(epochDay * MICROS_PER_DAY, zone);
    }

    /** A zone id as Spark accepts it for {@code spark.sql.session.timeZone}: a region ('America/Los_Angeles'),
     *  'UTC', 'Z' or an offset ('+01:00'), or a short id ('PST'). */
    public static ZoneId zone(String id) {
        return ZoneId.of(id, ZoneId.SHORT_IDS);
    }

    public static String formatDate(int epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    /** 'yyyy-MM-dd HH:mm:ss' in {@code zone} plus the fraction of a second without trailing zeros, as Spark. */
    public static String formatTimestamp(long instant, ZoneId zone) {
        long micros = localMicros(instant, zone);
        long day = Math.floorDiv(micros, MICROS_PER_DAY);
        long inDay = micros - day * MICROS_PER_DAY;
        StringBuilder sb = new StringBuilder(26);
        sb.append(LocalDate.ofEpochDay(day)).append(' ');
        long seconds = inDay / MICROS_PER_SECOND;
        long fraction = inDay % MICROS_PER_SECOND;
        two(sb, seconds / 3600).append(':');
        two(sb, seconds / 60 % 60).append(':');
        two(sb, seconds % 60);
        if (fraction != 0) {
            String digits = Long.toString(fraction + MICROS_PER_SECOND).substring(1);
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            sb.append('.').append(digits, 0, end);
        }
        return sb.toString();
    }

    private static StringBuilder two(StringBuilder sb, long v) {
        if (v < 10) {
            sb.append('0');
        }
        return sb.append(v);
    }

    /** Spark's string to date: 'yyyy', 'yyyy-[m]m', 'yyyy-[m]m-[d]d' optionally followed by ' ' or 'T' and anything. */
    public static Integer parseDate(String text) {
        String s = text.trim();
        int[] fields = new int[3];
        int end = parseDateFields(s, fields);
        if (end < 0) {
            return null;
        }
        if (end < s.length() && s.charAt(end) != ' ' && s.charAt(end) != 'T') {
            return null;
        }
        try {
            return (int) LocalDate.of(fields[0], fields[1], fields[2]).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** Parses [+-]yyyy[-m[m][-d[d]]] into fields; returns the index after it or -1. */
    private static int parseDateFields(String s, int[] fields) {
        int i = 0;
        int sign = 1;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            sign = s.charAt(i) == '-' ? -1 : 1;
            i++;
        }
        int start = i;
        int year = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && i - start < 7) {
            year = year * 10 + (s.charAt(i) - '0');
            i++;
        }
        if (i - start < 4) {
            return -1;
        }
        fields[0] = sign * year;
        fields[1] = 1;
        fields[2] = 1;
        for (int f = 1; f <= 2; f++) {
            if (i >= s.length() || s.charAt(i) != '-') {
                return i;
            }
            i++;
            int value = 0;
            int digits = 0;
            while (i < s.length() && Character.isDigit(s.charAt(i)) && digits < 2) {
                value = value * 10 + (s.charAt(i) - '0');
                i++;
                digits++;
            }
            if (digits == 0) {
                return -1;
            }
            fields[f] = value;
        }
        return i;
    }

    /**
     * Spark's string to timestamp: a date, optionally ' ' or 'T' then H[H]:m[m][:s[s][.fraction]] and a
     * zone ('Z', '+hh:mm', 'UTC', a region id). Without a zone the value is read in {@code sessionZone}.
     */
    public static Long parseTimestamp(String text, ZoneId sessionZone) {
        String s = text.trim();
        int[] fields = new int[3];
        int i = parseDateFields(s, fields);
        if (i < 0) {
            return null;
        }
        long hour = 0;
        long minute = 0;
        long second = 0;
        long micros = 0;
        String zone = null;
        if (i < s.length()) {
            char sep = s.charAt(i);
            if (sep != ' ' && sep != 'T') {
                return null;
            }
            i++;
            int[] cursor = {i};
            long h = number(s, cursor, 2);
            if (h < 0 || cursor[0] >= s.length() || s.charAt(cursor[0]) != ':') {
                return null;
            }
            cursor[0]++;
            long m = number(s, cursor, 2);
            if (m < 0) {
                return null;
            }
            long sec = 0;
            if (cursor[0] < s.length() && s.charAt(cursor[0]) == ':') {
                cursor[0]++;
                sec = number(s, cursor, 2);
                if (sec < 0) {
                    return null;
                }
                if (cursor[0] < s.length() && s.charAt(cursor[0]) == '.') {
                    cursor[0]++;
                    int digits = 0;
                    long fraction = 0;
                    while (cursor[0] < s.length() && Character.isDigit(s.charAt(cursor[0]))) {
                        if (digits < 6) {
                            fraction = fraction * 10 + (s.charAt(cursor[0]) - '0');
                        }
                        digits++;
                        cursor[0]++;
                    }
                    for (int d = Math.min(digits, 6); d < 6; d++) {
                        fraction *= 10;
                    }
                    micros = fraction;
                }
            }
            if (h > 23 || m > 59 || sec > 59) {
                return null;
            }
            hour = h;
            minute = m;
            second = sec;
            if (cursor[0] < s.length()) {
                zone = s.substring(cursor[0]).trim();
            }
        }
        try {
            LocalDate date = LocalDate.of(fields[0], fields[1], fields[2]);
            long local = date.toEpochDay() * MICROS_PER_DAY + ((hour * 60 + minute) * 60 + second) * MICROS_PER_SECOND
                    + micros;
            ZoneId id = zone == null || zone.isEmpty() ? sessionZone : zone.equals("Z") ? ZoneOffset.UTC
                    : zone.startsWith("+") || zone.startsWith("-") ? ZoneOffset.of(zone) : ZoneId.of(zone);
            return instantOfLocal(local, id);
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static long number(String s, int[] cursor, int maxDigits) {
        int i = cursor[0];
        long value = 0;
        int digits = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && digits < maxDigits) {
            value = value * 10 + (s.charAt(i) - '0');
            i++;
            digits++;
        }
        cursor[0] = i;
        return digits == 0 ? -1 : value;
    }
}
