package io.updraft.core.value;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;

/**
 * Internal values (date as Integer days, timestamp as Long micros, the rest as Boolean, Byte, Short, Integer, Long,
 * Float, Double, BigDecimal, String, byte[]) against the Java values of Spark's {@code Row} (java.sql.Date for a date, the day in the
 * JVM's zone as Spark; java.sql.Timestamp for a timestamp, the instant), and their order as Spark orders them.
 * Stateless.
 */
public final class Values {
    private Values() {
    }

    /**
     * Orders two non-null values of one type as Spark: strings and binaries by unsigned bytes, doubles and floats
     * with NaN above every number and -0.0 equal to 0.0, decimals numerically (whatever their scale).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object a, Object b) {
        return switch (a) {
            case String s -> Arrays.compareUnsigned(s.getBytes(StandardCharsets.UTF_8),
                    ((String) b).getBytes(StandardCharsets.UTF_8));
            case Double d -> compareDoubles(d, (Double) b);
            case Float f -> compareDoubles(f, (Float) b);
            case byte[] bytes -> Arrays.compareUnsigned(bytes, (byte[]) b);
            case BigDecimal d -> d.compareTo((BigDecimal) b);
            default -> ((Comparable) a).compareTo(b);
        };
    }

    public static int compareDoubles(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
        }
        return a == b ? 0 : Double.compare(a, b);
    }

    /** A Java value of {@code type} (Spark's Row types; LocalDate, Instant, LocalDateTime in UTC too) as internal. */
    public static Object toInternal(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        return switch (type) {
            case DateType d -> days(value);
            case TimestampType t -> micros(value);
            default -> value;
        };
    }

    /** An internal value of {@code type} as Spark's Row holds it. */
    public static Object toJava(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        return switch (type) {
            case DateType d -> Date.valueOf(LocalDate.ofEpochDay((Integer) value));
            case TimestampType t -> timestamp((Long) value);
            default -> value;
        };
    }

    /** Days since 1970-01-01 of a java.sql.Date (its day in the JVM's zone), a LocalDate or an Integer. */
    public static int days(Object value) {
        return switch (value) {
            case Date d -> Math.toIntExact(d.toLocalDate().toEpochDay());
            case LocalDate d -> Math.toIntExact(d.toEpochDay());
            case Integer i -> i;
            default -> throw new IllegalArgumentException("not a date: " + value + " (" + value.getClass() + ")");
        };
    }

    /** Microseconds since the epoch of a java.sql.Timestamp, an Instant, a LocalDateTime (UTC) or a Long. */
    public static long micros(Object value) {
        return switch (value) {
            case Timestamp t -> micros(t.toInstant());
            case Instant i -> Math.addExact(Math.multiplyExact(i.getEpochSecond(), DateTimes.MICROS_PER_SECOND),
                    i.getNano() / 1000);
            case LocalDateTime t -> micros(t.toInstant(ZoneOffset.UTC));
            case Long l -> l;
            default -> throw new IllegalArgumentException("not a timestamp: " + value + " (" + value.getClass() + ")");
        };
    }

    /** The java.sql.Timestamp of an instant in micros. */
    public static Timestamp timestamp(long micros) {
        long seconds = Math.floorDiv(micros, DateTimes.MICROS_PER_SECOND);
        int nanos = (int) Math.floorMod(micros, DateTimes.MICROS_PER_SECOND) * 1000;
        Timestamp ts = new Timestamp(seconds * 1000);
        ts.setNanos(nanos);
        return ts;
    }
}
