package io.updraft.engine.expr.datetime;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.value.DateTimePatterns;
import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * date_format(timestamp, format): the timestamp in the session time zone formatted with a Spark datetime pattern (see
 * {@link DateTimePatterns}): date_format('2016-04-08', 'y') = '2016'. A constant format is compiled once.
 */
final class DateFormatFunction extends NullIntolerantFunction {
    private final CompiledArgument<DateTimeFormatter> format;
    private final StringBuilder text = new StringBuilder(32);
    private final ZoneId zone;

    DateFormatFunction(VectorExpression timestamp, VectorExpression format, ZoneId zone, BufferAllocator allocator) {
        super(List.of(timestamp, format), DataTypes.StringType, allocator);
        this.zone = zone;
        this.format = CompiledArgument.of(format, pattern -> DateTimePatterns.formatter(pattern, false));
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        VarCharVector result = (VarCharVector) out;
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf micros = in[0].getDataBuffer();
        ArrowBuf fo = in[1].getOffsetBuffer();
        ArrowBuf fd = in[1].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            DateTimeFormatter formatter = format.get(fd, fo.getInt((long) r << 2), fo.getInt(((long) r << 2) + 4));
            long value = micros.getLong((long) r << 3);
            Instant instant = Instant.ofEpochSecond(Math.floorDiv(value, DateTimes.MICROS_PER_SECOND),
                    Math.floorMod(value, DateTimes.MICROS_PER_SECOND) * 1000L);
            text.setLength(0);
            try {
                formatter.formatTo(ZonedDateTime.ofInstant(instant, zone), text);
            } catch (DateTimeException e) {
                throw UpdraftException.user("date_format cannot format " + DateTimes.formatTimestamp(value, zone) + ": "
                        + e.getMessage());
            }
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            result.setSafe(r, bytes, 0, bytes.length);
        }
    }
}
