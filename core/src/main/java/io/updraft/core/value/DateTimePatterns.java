package io.updraft.core.value;

import io.updraft.core.error.UpdraftException;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalField;
import java.time.temporal.TemporalQueries;
import java.util.Locale;

/**
 * Spark's datetime patterns (its "Datetime Patterns for Formatting and Parsing" page, the default CORRECTED
 * parser policy) on java.time, which Spark itself uses: letters outside quotes are checked (week-based
 * 'Y' 'W' 'w' 'u' 'e' 'c' and 'A' 'B' 'n' 'N' 'p' are rejected; 'E' 'F' 'q' 'Q' only format; five or more
 * of 'G' 'M' 'L' 'E' 'Q' 'q' and seven or more 'y' are rejected), 'y' means the proleptic year unless the
 * pattern has an era 'G', parsing is case-insensitive and strict (Feb 30 does not parse, the whole text
 * must be consumed), a run of n 'S' parses 1 to n fraction digits (formats exactly n), US locale. Missing
 * fields default to 1970-01-01 00:00:00 and a text without a zone is read in the session time zone. A rejected or malformed
 * pattern is a USER error; an unparsable text gives null. Stateless.
 */
public final class DateTimePatterns {
    public static final ZoneId UTC = ZoneId.of("UTC");
    /** What {@link #parseMicros} returns for a text that does not parse (no valid timestamp is this small). */
    public static final long UNPARSABLE = Long.MIN_VALUE;

    private DateTimePatterns() {
    }

    /** A formatter for {@code pattern}, for parsing (variable-length fractions) or formatting. */
    public static DateTimeFormatter formatter(String pattern, boolean parsing) {
        check(pattern, parsing);
        boolean era = hasUnquoted(pattern, 'G');
        DateTimeFormatterBuilder builder = new DateTimeFormatterBuilder().parseCaseInsensitive();
        StringBuilder plain = new StringBuilder();
        try {
            for (int i = 0; i < pattern.length(); i++) {
                char c = pattern.charAt(i);
                if (c == '\'') {
                    int close = pattern.indexOf('\'', i + 1);
                    int end = close < 0 ? pattern.length() : close;
                    plain.append(pattern, i, Math.min(end + 1, pattern.length()));
                    i = end;
                } else if (c == 'S' && parsing) {
                    int run = run(pattern, i);
                    flush(builder, plain);
                    builder.appendFraction(ChronoField.NANO_OF_SECOND, 1, run, false);
                    i += run - 1;
                } else {
                    plain.append(c == 'y' && !era ? 'u' : c);
                }
            }
            flush(builder, plain);
        } catch (IllegalArgumentException e) {
            throw invalid(pattern, e.getMessage());
        }
        return builder.parseDefaulting(ChronoField.ERA, 1).toFormatter(Locale.US)
                .withChronology(IsoChronology.INSTANCE).withResolverStyle(ResolverStyle.STRICT);
    }

    private static void flush(DateTimeFormatterBuilder builder, StringBuilder plain) {
        if (!plain.isEmpty()) {
            builder.appendPattern(plain.toString());
            plain.setLength(0);
        }
    }

    private static void check(String pattern, boolean parsing) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                int close = pattern.indexOf('\'', i + 1);
                i = close < 0 ? pattern.length() : close;
                continue;
            }
            if ("YWwuec".indexOf(c) >= 0) {
                throw invalid(pattern, "week-based pattern letter '" + c + "' is not supported; use 'y', 'M',"
                        + " 'd', 'D' or 'E' instead");
            }
            if ("ABnNp".indexOf(c) >= 0) {
                throw invalid(pattern, "pattern letter '" + c + "' is not supported");
            }
            if (parsing && "EFqQ".indexOf(c) >= 0) {
                throw invalid(pattern, "pattern letter '" + c + "' can only be used for formatting, not parsing");
            }
            int run = run(pattern, i);
            if (run >= 5 && "GMLEQq".indexOf(c) >= 0 || run >= 7 && c == 'y') {
                throw invalid(pattern, "too many pattern letters: " + String.valueOf(c).repeat(run));
            }
            i += run - 1;
        }
    }

    private static int run(String pattern, int at) {
        int end = at + 1;
        while (end < pattern.length() && pattern.charAt(end) == pattern.charAt(at)) {
            end++;
        }
        return end - at;
    }

    private static boolean hasUnquoted(String pattern, char letter) {
        boolean quoted = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == letter) {
                return true;
            }
        }
        return false;
    }

    private static UpdraftException invalid(String pattern, String reason) {
        return UpdraftException.user("Invalid datetime pattern '" + pattern + "': " + reason
                + " (see Spark's Datetime Patterns)");
    }

    /**
     * Microseconds since the epoch of {@code text} parsed with {@code formatter} (a text without a zone is read in
     * {@code sessionZone}), or {@link #UNPARSABLE}.
     */
    public static long parseMicros(DateTimeFormatter formatter, CharSequence text, ZoneId sessionZone) {
        try {
            TemporalAccessor parsed = formatter.parse(text);
            ZoneId zone = parsed.query(TemporalQueries.zone());
            ZonedDateTime at = ZonedDateTime.of(date(parsed), time(parsed), zone == null ? sessionZone : zone);
            return Math.addExact(Math.multiplyExact(at.toEpochSecond(), DateTimes.MICROS_PER_SECOND),
                    at.getNano() / 1000L);
        } catch (DateTimeException | ArithmeticException e) {
            return UNPARSABLE;
        }
    }

    /** The parsed date; missing fields default to year 1970, month 1, day 1; a day of year must agree with them. */
    private static LocalDate date(TemporalAccessor parsed) {
        LocalDate date = parsed.query(TemporalQueries.localDate());
        if (date != null) {
            return date;
        }
        int year = field(parsed, ChronoField.YEAR, 1970);
        if (parsed.isSupported(ChronoField.DAY_OF_YEAR)) {
            LocalDate byDay = LocalDate.ofYearDay(year, parsed.get(ChronoField.DAY_OF_YEAR));
            if (field(parsed, ChronoField.MONTH_OF_YEAR, byDay.getMonthValue()) != byDay.getMonthValue()
                    || field(parsed, ChronoField.DAY_OF_MONTH, byDay.getDayOfMonth()) != byDay.getDayOfMonth()) {
                throw new DateTimeException("day of year disagrees with month or day");
            }
            return byDay;
        }
        return LocalDate.of(year, field(parsed, ChronoField.MONTH_OF_YEAR, 1), field(parsed, ChronoField.DAY_OF_MONTH, 1));
    }

    /** The parsed time; an hour without am/pm is taken as AM, a lone PM as 12:00; missing fields are 0. */
    private static LocalTime time(TemporalAccessor parsed) {
        LocalTime time = parsed.query(TemporalQueries.localTime());
        if (time != null) {
            return time;
        }
        int hour;
        if (parsed.isSupported(ChronoField.HOUR_OF_DAY)) {
            hour = parsed.get(ChronoField.HOUR_OF_DAY);
        } else if (parsed.isSupported(ChronoField.HOUR_OF_AMPM)) {
            hour = parsed.get(ChronoField.HOUR_OF_AMPM);
        } else {
            hour = field(parsed, ChronoField.AMPM_OF_DAY, 0) == 1 ? 12 : 0;
        }
        return LocalTime.of(hour, field(parsed, ChronoField.MINUTE_OF_HOUR, 0),
                field(parsed, ChronoField.SECOND_OF_MINUTE, 0), field(parsed, ChronoField.NANO_OF_SECOND, 0));
    }

    private static int field(TemporalAccessor parsed, TemporalField field, int otherwise) {
        return parsed.isSupported(field) ? parsed.get(field) : otherwise;
    }
}
