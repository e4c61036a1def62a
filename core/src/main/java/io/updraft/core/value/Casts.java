package io.updraft.core.value;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneId;
import java.util.Locale;

/**
 * Spark 4's CAST of one value in its default ANSI mode, the one implementation the planner's constant folding and
 * the engine share (the engine's vectorized loops are specializations of it, checked against it by a differential
 * test). Values are internal: Boolean, Byte, Short, Integer, Long, Float, Double, BigDecimal, String, byte[],
 * date as Integer days, timestamp as Long micros. tinyint, smallint and float go through int/bigint and double
 * ({@link #castNarrow}): widened first, then narrowed with Spark's range check. A string that does not convert raises [CAST_INVALID_INPUT] (a number too large for a decimal
 * [NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION]); a bigint, double or decimal too large for int/bigint
 * [CAST_OVERFLOW]; an integral or decimal too large for a decimal type [NUMERIC_VALUE_OUT_OF_RANGE]. The other
 * conversions that fail give null (non-ANSI Spark's result). Timestamps read and print in {@code zone} (Spark's
 * session time zone). Stateless.
 */
public final class Casts {
    private Casts() {
    }

    /** Spark's (ANSI) {@code cast(value as to)}; null for a null value. */
    public static Object cast(Object value, DataType from, DataType to, ZoneId zone) {
        if (value == null || from instanceof NullType) {
            return null;
        }
        if (from.equals(to)) {
            return value;
        }
        if (isNarrow(from) || isNarrow(to)) {
            return castNarrow(value, from, to, zone);
        }
        switch (from) {
            case LongType l when to instanceof IntegerType -> {
                long v = (Long) value;
                if ((int) v != v) {
                    throw ValueErrors.castOverflow(v + "L", from, to);
                }
                return (int) v;
            }
            case DoubleType d when to instanceof IntegerType || to instanceof LongType -> {
                double v = (Double) value;
                boolean fits = to instanceof IntegerType ? v > Integer.MIN_VALUE - 1.0 && v < Integer.MAX_VALUE + 1.0
                        : v >= -0x1p63 && v < 0x1p63;
                if (!fits) {
                    throw ValueErrors.castOverflow(doubleText(v), from, to);
                }
                return to instanceof IntegerType ? (Object) (int) v : (Object) (long) v;
            }
            case DecimalType d when to instanceof IntegerType || to instanceof LongType -> {
                BigDecimal v = (BigDecimal) value;
                BigDecimal truncated = v.setScale(0, RoundingMode.DOWN);
                int bits = truncated.toBigInteger().bitLength();
                if (bits > (to instanceof IntegerType ? 31 : 63)) {
                    throw ValueErrors.castOverflow(v.toPlainString() + "BD", from, to);
                }
                return to instanceof IntegerType ? (Object) truncated.intValue() : (Object) truncated.longValue();
            }
            case IntegerType i when to instanceof DecimalType t -> {
                return fitOrRaise(BigDecimal.valueOf((Integer) value), t);
            }
            case LongType l when to instanceof DecimalType t -> {
                return fitOrRaise(BigDecimal.valueOf((Long) value), t);
            }
            case DecimalType d when to instanceof DecimalType t -> {
                return fitOrRaise((BigDecimal) value, t);
            }
            case DateType d when to.isNumeric() || to instanceof BooleanType -> {
                return null;
            }
            default -> {
            }
        }
        Object converted = convert(value, from, to, zone);
        if (converted == null && from instanceof StringType) {
            throw invalidInput((String) value, to);
        }
        return converted;
    }

    private static boolean isNarrow(DataType type) {
        return type instanceof ByteType || type instanceof ShortType || type instanceof FloatType
                || type instanceof BinaryType;
    }

    /**
     * Casts from or to tinyint, smallint, float and binary: a tinyint or smallint source is read as its int,
     * a float as its double; a tinyint or smallint target is cast to as bigint and then range-checked
     * ([CAST_OVERFLOW], or [CAST_INVALID_INPUT] for a string, as Spark's {@code toByteExact}); a float target
     * narrows the double. Binary converts only from and to string (UTF-8 bytes).
     */
    private static Object castNarrow(Object value, DataType from, DataType to, ZoneId zone) {
        if (from instanceof BinaryType || to instanceof BinaryType) {
            if (from instanceof StringType) {
                return ((String) value).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
            if (to instanceof StringType) {
                return new String((byte[]) value, java.nio.charset.StandardCharsets.UTF_8);
            }
            throw new IllegalStateException("cannot cast " + from.simpleString() + " to " + to.simpleString());
        }
        if (from instanceof ByteType || from instanceof ShortType) {
            return cast(((Number) value).intValue(), DataTypes.IntegerType, to, zone);
        }
        if (from instanceof FloatType) {
            float f = (Float) value;
            if (to instanceof StringType) {
                return Float.toString(f);
            }
            return cast((double) f, DataTypes.DoubleType, to, zone);
        }
        if (to instanceof FloatType) {
            Object d = cast(value, from, DataTypes.DoubleType, zone);
            return d == null ? null : (Object) (float) (double) (Double) d;
        }
        long min = to instanceof ByteType ? Byte.MIN_VALUE : Short.MIN_VALUE;
        long max = to instanceof ByteType ? Byte.MAX_VALUE : Short.MAX_VALUE;
        if (from instanceof StringType) {
            Long v = parseIntegral((String) value, min, max);
            if (v == null) {
                throw ValueErrors.castInvalidInput((String) value, to);
            }
            return narrow(v, to);
        }
        Object wide = cast(value, from, DataTypes.LongType, zone);
        if (wide == null) {
            return null;
        }
        long v = (Long) wide;
        if (v < min || v > max) {
            String text = switch (from) {
                case IntegerType i -> value.toString();
                case LongType l -> value + "L";
                case DoubleType d -> doubleText((Double) value);
                case DecimalType d -> ((BigDecimal) value).toPlainString() + "BD";
                default -> value.toString();
            };
            throw ValueErrors.castOverflow(text, from, to);
        }
        return narrow(v, to);
    }

    private static Object narrow(long v, DataType to) {
        return to instanceof ByteType ? (Object) (byte) v : (Object) (short) v;
    }

    private static BigDecimal fitOrRaise(BigDecimal v, DecimalType to) {
        BigDecimal fitted = fitDecimal(v, to.precision(), to.scale());
        if (fitted == null) {
            throw ValueErrors.decimalOutOfRange(v, to.precision(), to.scale());
        }
        return fitted;
    }

    /** Spark's ANSI error for a string that does not convert to {@code to}. */
    private static RuntimeException invalidInput(String value, DataType to) {
        if (to instanceof DecimalType t) {
            try {
                BigDecimal number = new BigDecimal(value.strip());
                return ValueErrors.decimalOutOfRange(number.setScale(t.scale(), RoundingMode.HALF_UP), t.precision(),
                        t.scale());
            } catch (NumberFormatException | ArithmeticException malformed) {
                // falls through to CAST_INVALID_INPUT
            }
        }
        return ValueErrors.castInvalidInput(value, to);
    }

    /** Spark's spelling of a double in an error message (1.0E10D, NaN, Infinity). */
    public static String doubleText(double v) {
        return Double.isNaN(v) ? "NaN" : Double.isInfinite(v) ? (v > 0 ? "Infinity" : "-Infinity") : v + "D";
    }

    /** A decimal rounded HALF_UP to {@code scale}, or null when it does not fit {@code precision} digits. */
    public static BigDecimal fitDecimal(BigDecimal value, int precision, int scale) {
        BigDecimal scaled = value.scale() == scale ? value : value.setScale(scale, RoundingMode.HALF_UP);
        return scaled.precision() > precision ? null : scaled;
    }

    /** The lenient conversion: null where the value does not convert. */
    private static Object convert(Object value, DataType from, DataType to, ZoneId zone) {
        return switch (to) {
            case BooleanType b -> toBoolean(value, from);
            case IntegerType i -> {
                Long v = toLong(value, from, true);
                yield v == null ? null : (Object) (int) (long) v;
            }
            case LongType l -> toLong(value, from, false);
            case DoubleType d -> toDouble(value, from);
            case DecimalType d -> toDecimal(value, from, d);
            case StringType s -> toText(value, from, zone);
            case DateType d -> toDate(value, from, zone);
            case TimestampType t -> toTimestamp(value, from, zone);
            case NullType n -> null;
            case ArrayType a -> throw new IllegalStateException("casts to arrays are not supported");
            case MapType m -> throw new IllegalStateException("casts to maps are not supported");
            case StructType st -> throw new IllegalStateException("casts to structs are not supported");
            case ByteType b -> throw new IllegalStateException("narrow casts go through castNarrow");
            case ShortType b -> throw new IllegalStateException("narrow casts go through castNarrow");
            case FloatType b -> throw new IllegalStateException("narrow casts go through castNarrow");
            case BinaryType b -> throw new IllegalStateException("narrow casts go through castNarrow");
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

    /** Spark's string to boolean: t, true, y, yes, 1 / f, false, n, no, 0 (any case, trimmed); else null. */
    public static Boolean parseBoolean(String text) {
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
     * {@link #cast} raises as [CAST_INVALID_INPUT].
     */
    public static Long parseIntegral(String text, long min, long max) {
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

    /** Spark's string to double: Java's syntax plus inf, infinity and nan in any case; else null. */
    public static Double parseDouble(String text) {
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
        return exact == null ? null : fitDecimal(exact, to.precision(), to.scale());
    }

    private static BigDecimal parseDecimal(String text) {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Spark's {@code cast(v as string)} of a non-null value. */
    public static String toText(Object v, DataType from, ZoneId zone) {
        return switch (from) {
            case DateType d -> DateTimes.formatDate((Integer) v);
            case TimestampType t -> DateTimes.formatTimestamp((Long) v, zone);
            case DecimalType d -> ((BigDecimal) v).toString();
            default -> v.toString();
        };
    }

    private static Integer toDate(Object v, DataType from, ZoneId zone) {
        return switch (from) {
            case DateType d -> (Integer) v;
            case TimestampType t -> DateTimes.dateOfTimestamp((Long) v, zone);
            case StringType s -> DateTimes.parseDate((String) v);
            default -> null;
        };
    }

    private static Long toTimestamp(Object v, DataType from, ZoneId zone) {
        return switch (from) {
            case TimestampType t -> (Long) v;
            case DateType d -> DateTimes.timestampOfDate((Integer) v, zone);
            case StringType s -> DateTimes.parseTimestamp((String) v, zone);
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
