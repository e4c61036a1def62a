package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * date_trunc(unit, timestamp) → timestamp (in the session time zone, as Spark's DateTimeUtils.truncTimestamp)
 * and trunc(date, unit) → date. Units, case-insensitive, as
 * Spark: YEAR/YYYY/YY, QUARTER, MONTH/MON/MM, WEEK (the Monday), DAY/DD, HOUR, MINUTE, SECOND, MILLISECOND,
 * MICROSECOND; trunc accepts WEEK and longer only. An unknown unit gives null. A constant unit is parsed once.
 */
final class TruncFunction extends NullIntolerantFunction {
    enum Level { MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR }

    private final boolean date;
    private final CompiledArgument<Level> level;
    private final ZoneId zone;

    /** {@code date}: trunc(date, unit) (arguments value, unit); otherwise date_trunc (arguments unit, value). */
    TruncFunction(VectorExpression value, VectorExpression unit, boolean date, ZoneId zone, BufferAllocator allocator) {
        super(date ? List.of(value, unit) : List.of(unit, value), date ? DataTypes.DateType : DataTypes.TimestampType,
                allocator);
        this.date = date;
        this.zone = zone;
        this.level = CompiledArgument.of(unit, date ? TruncFunction::dateLevel : TruncFunction::level);
    }

    static Level level(String unit) {
        return switch (unit.toUpperCase(Locale.ROOT)) {
            case "MICROSECOND" -> Level.MICROSECOND;
            case "MILLISECOND" -> Level.MILLISECOND;
            case "SECOND" -> Level.SECOND;
            case "MINUTE" -> Level.MINUTE;
            case "HOUR" -> Level.HOUR;
            case "DAY", "DD" -> Level.DAY;
            case "WEEK" -> Level.WEEK;
            case "MONTH", "MON", "MM" -> Level.MONTH;
            case "QUARTER" -> Level.QUARTER;
            case "YEAR", "YYYY", "YY" -> Level.YEAR;
            default -> null;
        };
    }

    private static Level dateLevel(String unit) {
        Level level = level(unit);
        return level == null || level.compareTo(Level.WEEK) < 0 ? null : level;
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        FieldVector values = date ? in[0] : in[1];
        FieldVector units = date ? in[1] : in[0];
        ArrowBuf v = values.getDataBuffer();
        ArrowBuf uo = units.getOffsetBuffer();
        ArrowBuf ud = units.getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            Level l = level.get(ud, uo.getInt((long) r << 2), uo.getInt(((long) r << 2) + 4));
            if (l == null) {
                Bits.clear(validity, r);
            } else if (date) {
                o.setInt((long) r << 2, truncateDay(v.getInt((long) r << 2), l));
            } else {
                o.setLong((long) r << 3, truncateMicros(v.getLong((long) r << 3), l, zone));
            }
        }
    }

    /**
     * Spark's truncation of an instant: below a minute on the instant, MINUTE to DAY on its wall clock in
     * {@code zone} keeping the offset (ZonedDateTime.truncatedTo), WEEK and longer through the local date.
     */
    static long truncateMicros(long micros, Level level, ZoneId zone) {
        if (level.compareTo(Level.MINUTE) < 0 || zone.getRules().isFixedOffset() && zone.getRules().getOffset(Instant.EPOCH)
                .getTotalSeconds() == 0) {
            return truncateMicros(micros, level);
        }
        if (level.compareTo(Level.DAY) <= 0) {
            ChronoUnit unit = level == Level.MINUTE ? ChronoUnit.MINUTES : level == Level.HOUR ? ChronoUnit.HOURS
                    : ChronoUnit.DAYS;
            Instant instant = Instant.ofEpochSecond(Math.floorDiv(micros, DateTimes.MICROS_PER_SECOND));
            return instant.atZone(zone).truncatedTo(unit).toEpochSecond() * DateTimes.MICROS_PER_SECOND;
        }
        return DateTimes.timestampOfDate(truncateDay(DateTimes.dateOfTimestamp(micros, zone), level), zone);
    }

    /** {@link #truncateMicros(long, Level, ZoneId)} in UTC. */
    static long truncateMicros(long micros, Level level) {
        long unit = switch (level) {
            case MICROSECOND -> 1L;
            case MILLISECOND -> 1000L;
            case SECOND -> DateTimes.MICROS_PER_SECOND;
            case MINUTE -> 60L * DateTimes.MICROS_PER_SECOND;
            case HOUR -> 3600L * DateTimes.MICROS_PER_SECOND;
            default -> DateTimes.MICROS_PER_DAY;
        };
        long truncated = Math.floorDiv(micros, unit) * unit;
        if (level.compareTo(Level.DAY) <= 0) {
            return truncated;
        }
        return truncateDay((int) (truncated / DateTimes.MICROS_PER_DAY), level) * DateTimes.MICROS_PER_DAY;
    }

    /** A day number truncated to WEEK (Monday), MONTH, QUARTER or YEAR; DAY and shorter leave it. */
    static int truncateDay(int epochDay, Level level) {
        if (level.compareTo(Level.DAY) <= 0) {
            return epochDay;
        }
        if (level == Level.WEEK) {
            return epochDay - DateTimes.isoDayOfWeek(epochDay) + 1;
        }
        long civil = DateTimes.civil(epochDay);
        int month = (int) ((civil >> 5) & 15);
        int first = switch (level) {
            case MONTH -> month;
            case QUARTER -> (month - 1) / 3 * 3 + 1;
            default -> 1;
        };
        return (int) DateTimes.epochDay(civil >> 9, first, 1);
    }
}
