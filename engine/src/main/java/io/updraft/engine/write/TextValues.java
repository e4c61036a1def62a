package io.updraft.engine.write;

import io.updraft.core.value.Casts;
import io.updraft.core.value.DateTimePatterns;
import io.updraft.core.value.DateTimes;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.TimestampType;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Values as the CSV and JSON writers print them: dates and timestamps through the {@code dateFormat} /
 * {@code timestampFormat} patterns (Spark's pattern letters) in the session time zone, binary as hex bytes in
 * brackets, everything else as Spark's cast to string.
 */
final class TextValues {
    private final DateTimeFormatter dateFormat;
    private final DateTimeFormatter timestampFormat;
    private final ZoneId zone;

    TextValues(String datePattern, String timestampPattern, ZoneId zone) {
        this.dateFormat = DateTimePatterns.formatter(datePattern, false);
        this.timestampFormat = DateTimePatterns.formatter(timestampPattern, false).withZone(zone);
        this.zone = zone;
    }

    /** Binary as Spark 4 prints it in CSV: the bytes in hex, space-separated, in brackets ("[61 62]"). */
    private static String binary(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length * 3 + 2).append('[');
        for (int i = 0; i < bytes.length; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(Character.toUpperCase(Character.forDigit((bytes[i] >> 4) & 0xf, 16)))
                    .append(Character.toUpperCase(Character.forDigit(bytes[i] & 0xf, 16)));
        }
        return out.append(']').toString();
    }

    String text(Object value, DataType type) {
        return switch (type) {
            case DateType d -> dateFormat.format(LocalDate.ofEpochDay((Integer) value));
            case TimestampType t -> {
                long micros = (Long) value;
                yield timestampFormat.format(Instant.ofEpochSecond(Math.floorDiv(micros, DateTimes.MICROS_PER_SECOND),
                        Math.floorMod(micros, DateTimes.MICROS_PER_SECOND) * 1000));
            }
            case BinaryType b -> binary((byte[]) value);
            default -> Casts.toText(value, type, zone);
        };
    }
}
