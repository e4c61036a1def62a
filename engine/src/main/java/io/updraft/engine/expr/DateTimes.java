package io.updraft.engine.expr;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Dates are days since 1970-01-01 and timestamps microseconds since the epoch, both in UTC (the
 * engine's session time zone). Parsing follows Spark's cast rules for strings; formatting Spark's
 * {@code cast(... as string)}.
 */
final class DateTimes {
    static final long MICROS_PER_SECOND = 1_000_000L;
    static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

    private DateTimes() {
    }

    /** Year, month (1-12) and day (1-31) of a day number, packed as year << 9 | month << 5 | day. */
    static long civil(int epochDay) {
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
    static long epochDay(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400L);
        long yoe = y - era * 400;
        long mp = month > 2 ? month - 3 : month + 9;
        long doy = (153 * mp + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    static boolean isLeapYear(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /** Number of days of a month (1-12). */
    static int daysInMonth(long year, int month) {
        return switch (month) {
            case 2 -> isLeapYear(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** ISO day of week: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
    static int isoDayOfWeek(int epochDay) {
        return Math.floorMod(epochDay + 3, 7) + 1;
    }

    static int dayOfYear(int epochDay) {
        return (int) (epochDay - epochDay(year(epochDay), 1, 1)) + 1;
    }

    /** ISO-8601 week of the week-based year: weeks start on Monday, week 1 holds the year's first Thursday. */
    static int isoWeekOfYear(int epochDay) {
        int thursday = epochDay - isoDayOfWeek(epochDay) + 4;
        return (int) ((thursday - epochDay(year(thursday), 1, 1)) / 7) + 1;
    }

    static int year(int epochDay) {
        return (int) (civil(epochDay) >> 9);
    }

    static int month(int epochDay) {
        return (int) ((civil(epochDay) >> 5) & 15);
    }

    static int dayOfMonth(int epochDay) {
        return (int) (civil(epochDay) & 31);
    }

    static int dateOfTimestamp(long micros) {
        return (int) Math.floorDiv(micros, MICROS_PER_DAY);
    }

    static String formatDate(int epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    /** 'yyyy-MM-dd HH:mm:ss' plus the fraction of a second without trailing zeros, as Spark. */
    static String formatTimestamp(long micros) {
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
    static Integer parseDate(String text) {
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
     * zone ('Z', '+hh:mm', 'UTC', a region id). Without a zone the value is read in UTC.
     */
    static Long parseTimestamp(String text) {
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
            if (zone == null || zone.isEmpty()) {
                return local;
            }
            ZoneId id = zone.equals("Z") ? ZoneOffset.UTC
                    : zone.startsWith("+") || zone.startsWith("-") ? ZoneOffset.of(zone) : ZoneId.of(zone);
            java.time.LocalDateTime ldt = date.atTime((int) hour, (int) minute, (int) second);
            long offsetSeconds = id.getRules().getOffset(ldt).getTotalSeconds();
            return local - offsetSeconds * MICROS_PER_SECOND;
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
