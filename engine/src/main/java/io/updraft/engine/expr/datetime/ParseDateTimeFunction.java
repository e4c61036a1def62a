package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimePatterns;
import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.expr.string.TextView;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * to_timestamp(str, format) and to_date(str, format): str parsed with a Spark datetime pattern (see
 * {@link DateTimePatterns}, a text without a zone read in the session time zone); null when it does not
 * parse. to_date is the parsed timestamp's date in the session time zone, as
 * Spark's {@code cast(to_timestamp(str, format) as date)}. A constant format is compiled once.
 */
final class ParseDateTimeFunction extends NullIntolerantFunction {
    private final boolean date;
    private final CompiledArgument<DateTimeFormatter> format;
    private final TextView view = new TextView();
    private final ZoneId zone;

    ParseDateTimeFunction(VectorExpression string, VectorExpression format, boolean date, ZoneId zone,
                          BufferAllocator allocator) {
        super(List.of(string, format), date ? DataTypes.DateType : DataTypes.TimestampType, allocator);
        this.zone = zone;
        this.date = date;
        this.format = CompiledArgument.of(format, pattern -> DateTimePatterns.formatter(pattern, true));
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf fo = in[1].getOffsetBuffer();
        ArrowBuf fd = in[1].getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            DateTimeFormatter formatter = format.get(fd, fo.getInt((long) r << 2), fo.getInt(((long) r << 2) + 4));
            long micros = DateTimePatterns.parseMicros(formatter,
                    view.of(sd, so.getInt((long) r << 2), so.getInt(((long) r << 2) + 4)), zone);
            if (micros == DateTimePatterns.UNPARSABLE) {
                Bits.clear(validity, r);
            } else if (date) {
                o.setInt((long) r << 2, DateTimes.dateOfTimestamp(micros, zone));
            } else {
                o.setLong((long) r << 3, micros);
            }
        }
    }
}
