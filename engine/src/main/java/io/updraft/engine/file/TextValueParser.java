package io.updraft.engine.file;

import io.updraft.core.value.Casts;
import io.updraft.core.value.DateTimePatterns;
import io.updraft.core.value.DateTimes;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Converts the text of a CSV field (or a JSON string) to a value of a column's type as Spark's CSV reader does
 * ({@code UnivocityParser.makeConverter}): int and bigint as Java's {@code parseInt}/{@code parseLong} (Scala's
 * {@code toInt}), double as {@code parseDouble} plus the {@code nanValue}/{@code positiveInf}/{@code negativeInf}
 * spellings, decimal as {@code BigDecimal} with "," removed, rounded HALF_UP to the type (too many digits =
 * malformed), boolean "true"/"false" in any case, date and timestamp with {@code dateFormat}/{@code
 * timestampFormat} when set, else Spark's default parsing (core {@link DateTimes}). Values are internal (days, UTC
 * micros). Returns {@link #MALFORMED} when the text does not convert. Immutable, thread-safe.
 */
public final class TextValueParser {
    /** What {@link #parse} returns for a text that does not convert. */
    public static final Object MALFORMED = new Object();

    private final String nanValue;
    private final String positiveInf;
    private final String negativeInf;
    private final DateTimeFormatter dateFormat;
    private final DateTimeFormatter timestampFormat;
    private final ZoneId zone;

    public TextValueParser(String nanValue, String positiveInf, String negativeInf, String dateFormat,
                           String timestampFormat, ZoneId zone) {
        this.nanValue = nanValue;
        this.positiveInf = positiveInf;
        this.negativeInf = negativeInf;
        this.dateFormat = dateFormat == null ? null : DateTimePatterns.formatter(dateFormat, true);
        this.timestampFormat = timestampFormat == null ? null : DateTimePatterns.formatter(timestampFormat, true);
        this.zone = zone;
    }

    /** {@code text} (not null) as a value of {@code type}, or {@link #MALFORMED}. */
    public Object parse(String text, DataType type) {
        try {
            return switch (type) {
                case StringType s -> text;
                case IntegerType i -> Integer.parseInt(text);
                case LongType l -> Long.parseLong(text);
                case DoubleType d -> parseDouble(text);
                case BooleanType b -> text.equalsIgnoreCase("true") ? Boolean.TRUE
                        : text.equalsIgnoreCase("false") ? Boolean.FALSE : MALFORMED;
                case DecimalType d -> {
                    BigDecimal fitted = Casts.fitDecimal(new BigDecimal(text.replace(",", "")), d.precision(),
                            d.scale());
                    yield fitted == null ? MALFORMED : fitted;
                }
                case DateType d -> parseDate(text);
                case TimestampType t -> parseTimestamp(text);
                default -> MALFORMED;
            };
        } catch (NumberFormatException | ArithmeticException e) {
            return MALFORMED;
        }
    }

    private Object parseDouble(String text) {
        if (text.equals(nanValue)) {
            return Double.NaN;
        }
        if (text.equals(positiveInf)) {
            return Double.POSITIVE_INFINITY;
        }
        if (text.equals(negativeInf)) {
            return Double.NEGATIVE_INFINITY;
        }
        return Double.parseDouble(text);
    }

    /** A date: with the pattern when one is set, else Spark's default parsing; days since the epoch. */
    public Object parseDate(String text) {
        if (dateFormat != null) {
            long micros = DateTimePatterns.parseMicros(dateFormat, text, DateTimePatterns.UTC);
            return micros == DateTimePatterns.UNPARSABLE ? MALFORMED
                    : (Object) (int) Math.floorDiv(micros, DateTimes.MICROS_PER_DAY);
        }
        Integer days = DateTimes.parseDate(text);
        return days == null ? MALFORMED : days;
    }

    /** A timestamp: with the pattern when one is set, else Spark's default parsing; UTC microseconds. */
    public Object parseTimestamp(String text) {
        if (timestampFormat != null) {
            long micros = DateTimePatterns.parseMicros(timestampFormat, text, zone);
            return micros == DateTimePatterns.UNPARSABLE ? MALFORMED : (Object) micros;
        }
        Long micros = DateTimes.parseTimestamp(text, zone);
        return micros == null ? MALFORMED : micros;
    }
}
