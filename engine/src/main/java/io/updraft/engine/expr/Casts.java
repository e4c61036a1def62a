package io.updraft.engine.expr;

import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;
import io.updraft.engine.vector.Decimals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Spark's non-ANSI cast of one value (internal representation: Boolean, Integer, Long, Double,
 * BigDecimal, String, date as Integer days, timestamp as Long micros). A value that does not convert
 * gives null. Used by the generic cast path; numeric casts have vectorized loops in {@link CastExpression}.
 */
final class Casts {
    private Casts() {
    }

    static Object convert(Object value, DataType from, DataType to) {
        if (value == null) {
            return null;
        }
        return switch (to) {
            case BooleanType b -> toBoolean(value, from);
            case IntegerType i -> {
                Long v = toLong(value, from, true);
                yield v == null ? null : (Object) (int) (long) v;
            }
            case LongType l -> toLong(value, from, false);
            case DoubleType d -> toDouble(value, from);
            case DecimalType d -> toDecimal(value, from, d);
            case StringType s -> toText(value, from);
            case DateType d -> toDate(value, from);
            case TimestampType t -> toTimestamp(value, from);
            case NullType n -> null;
            case io.updraft.sql.types.ArrayType a -> throw new IllegalStateException("casts to arrays are not supported");
        };
    }

    private static Boolean toBoolean(Object v, DataType from) {
        return switch (from) {
            case BooleanType b -> (Boolean) v;
            case IntegerType i -> (Integer) v != 0;
            case LongType l -> (Long) v != 0;
            case TimestampType t -> (Long) v != 0;
            case DoubleType d -> (Double) v != 0;
            case DecimalType d -> ((BigDecimal) v).signum() != 0;
            case StringType s -> parseBoolean((String) v);
            default -> null;
        };
    }

    static Boolean parseBoolean(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "t", "true", "y", "yes", "1" -> Boolean.TRUE;
            case "f", "false", "n", "no", "0" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** Integral value; for int targets the caller narrows (wrapping) except when parsing strings. */
    private static Long toLong(Object v, DataType from, boolean intTarget) {
        return switch (from) {
            case BooleanType b -> (Boolean) v ? 1L : 0L;
            case IntegerType i -> (long) (Integer) v;
            case LongType l -> (Long) v;
            case DoubleType d -> intTarget ? (long) (int) (double) (Double) v : (long) (double) (Double) v;
            case DecimalType d -> ((BigDecimal) v).longValue();
            case TimestampType t -> Math.floorDiv((Long) v, DateTimes.MICROS_PER_SECOND);
            case StringType s -> parseIntegral((String) v, intTarget ? Integer.MIN_VALUE : Long.MIN_VALUE,
                    intTarget ? Integer.MAX_VALUE : Long.MAX_VALUE);
            default -> null;
        };
    }

    /**
     * Spark 4's ANSI string-to-integral cast (UTF8String.toLongExact/toIntExact): optional sign and digits,
     * surrounding whitespace ignored; anything else ('1.5', '1.0', '7.', '1e2') or overflow gives null, which
     * {@link CastExpression} raises as [CAST_INVALID_INPUT].
     */
    static Long parseIntegral(String text, long min, long max) {
        String s = text.trim();
        if (s.isEmpty()) {
            return null;
        }
        int i = 0;
        boolean negative = false;
        if (s.charAt(0) == '-' || s.charAt(0) == '+') {
            negative = s.charAt(0) == '-';
            i++;
        }
        if (i >= s.length()) {
            return null;
        }
        long value = 0;
        int digits = 0;
        for (; i < s.length() && s.charAt(i) != '.'; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            try {
                value = Math.subtractExact(Math.multiplyExact(value, 10), c - '0');
            } catch (ArithmeticException e) {
                return null;
            }
            if (value < min) {
                return null;
            }
            digits++;
        }
        if (i < s.length() || digits == 0) {
            return null; // a decimal point: Spark's non-ANSI cast truncated the fraction, its ANSI cast fails
        }
        if (!negative) {
            if (value == min || -value > max) {
                return null;
            }
            value = -value;
        }
        return value;
    }

    private static Double toDouble(Object v, DataType from) {
        return switch (from) {
            case BooleanType b -> (Boolean) v ? 1.0 : 0.0;
            case IntegerType i -> (double) (Integer) v;
            case LongType l -> (double) (Long) v;
            case DoubleType d -> (Double) v;
            case DecimalType d -> ((BigDecimal) v).doubleValue();
            case TimestampType t -> (Long) v / (double) DateTimes.MICROS_PER_SECOND;
            case StringType s -> parseDouble((String) v);
            default -> null;
        };
    }

    static Double parseDouble(String text) {
        String s = text.trim();
        switch (s.toLowerCase(Locale.ROOT)) {
            case "inf", "+inf", "infinity", "+infinity":
                return Double.POSITIVE_INFINITY;
            case "-inf", "-infinity":
                return Double.NEGATIVE_INFINITY;
            case "nan":
                return Double.NaN;
            default:
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static BigDecimal toDecimal(Object v, DataType from, DecimalType to) {
        BigDecimal exact = switch (from) {
            case BooleanType b -> (Boolean) v ? BigDecimal.ONE : BigDecimal.ZERO;
            case IntegerType i -> BigDecimal.valueOf((Integer) v);
            case LongType l -> BigDecimal.valueOf((Long) v);
            case DoubleType d -> Double.isNaN((Double) v) || Double.isInfinite((Double) v) ? null
                    : BigDecimal.valueOf((Double) v);
            case DecimalType d -> (BigDecimal) v;
            case TimestampType t -> BigDecimal.valueOf((Long) v, 6);
            case StringType s -> parseDecimal((String) v);
            default -> null;
        };
        return exact == null ? null : Decimals.fit(exact, to.precision(), to.scale());
    }

    static BigDecimal parseDecimal(String text) {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String toText(Object v, DataType from) {
        return switch (from) {
            case DateType d -> DateTimes.formatDate((Integer) v);
            case TimestampType t -> DateTimes.formatTimestamp((Long) v);
            case DecimalType d -> ((BigDecimal) v).toString();
            default -> v.toString();
        };
    }

    private static Integer toDate(Object v, DataType from) {
        return switch (from) {
            case DateType d -> (Integer) v;
            case TimestampType t -> DateTimes.dateOfTimestamp((Long) v);
            case StringType s -> DateTimes.parseDate((String) v);
            default -> null;
        };
    }

    private static Long toTimestamp(Object v, DataType from) {
        return switch (from) {
            case TimestampType t -> (Long) v;
            case DateType d -> (Integer) v * DateTimes.MICROS_PER_DAY;
            case StringType s -> DateTimes.parseTimestamp((String) v);
            case BooleanType b -> (Boolean) v ? 1L : 0L;
            case IntegerType i -> (Integer) v * DateTimes.MICROS_PER_SECOND;
            case LongType l -> saturatingMultiply((Long) v, DateTimes.MICROS_PER_SECOND);
            case DoubleType d -> Double.isNaN((Double) v) || Double.isInfinite((Double) v) ? null
                    : (long) ((Double) v * DateTimes.MICROS_PER_SECOND);
            case DecimalType d -> ((BigDecimal) v).movePointRight(6).setScale(0, RoundingMode.DOWN).longValue();
            default -> null;
        };
    }

    private static long saturatingMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi != (lo >> 63)) {
            return (a ^ b) < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return lo;
    }
}
