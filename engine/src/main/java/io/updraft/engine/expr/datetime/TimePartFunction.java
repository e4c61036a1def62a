package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.time.ZoneId;
import java.util.List;

/** hour / minute / second of a timestamp in the session time zone, as int. */
final class TimePartFunction extends VectorExpression {
    enum Part { HOUR, MINUTE, SECOND }

    private final VectorExpression timestamp;
    private final long unit;
    private final int modulus;
    private final ZoneId zone;

    TimePartFunction(VectorExpression timestamp, Part part, ZoneId zone, BufferAllocator allocator) {
        super(DataTypes.IntegerType, allocator);
        this.timestamp = timestamp;
        this.zone = zone;
        this.unit = switch (part) {
            case HOUR -> 3600L * DateTimes.MICROS_PER_SECOND;
            case MINUTE -> 60L * DateTimes.MICROS_PER_SECOND;
            case SECOND -> DateTimes.MICROS_PER_SECOND;
        };
        this.modulus = part == Part.HOUR ? 24 : 60;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(timestamp);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector t = timestamp.evaluate(batch);
        try {
            FieldVector out = newResult(n);
            ArrowBuf in = t.getDataBuffer();
            ArrowBuf o = out.getDataBuffer();
            Bits.copy(t.getValidityBuffer(), out.getValidityBuffer(), n);
            for (int r = 0; r < n; r++) {
                long inDay = Math.floorMod(DateTimes.localMicros(in.getLong((long) r << 3), zone),
                        DateTimes.MICROS_PER_DAY);
                o.setInt((long) r << 2, (int) (inDay / unit % modulus));
            }
            out.setValueCount(n);
            return out;
        } finally {
            release(timestamp, t);
        }
    }
}
