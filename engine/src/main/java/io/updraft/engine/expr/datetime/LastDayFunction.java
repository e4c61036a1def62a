package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** last_day(date): the last day of the date's month. */
final class LastDayFunction extends VectorExpression {
    private final VectorExpression date;

    LastDayFunction(VectorExpression date, BufferAllocator allocator) {
        super(DataTypes.DateType, allocator);
        this.date = date;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(date);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector d = date.evaluate(batch);
        try {
            FieldVector out = newResult(n);
            ArrowBuf in = d.getDataBuffer();
            ArrowBuf o = out.getDataBuffer();
            Bits.copy(d.getValidityBuffer(), out.getValidityBuffer(), n);
            for (int r = 0; r < n; r++) {
                int day = in.getInt((long) r << 2);
                long civil = DateTimes.civil(day);
                int month = (int) ((civil >> 5) & 15);
                o.setInt((long) r << 2, day - (int) (civil & 31) + DateTimes.daysInMonth(civil >> 9, month));
            }
            out.setValueCount(n);
            return out;
        } finally {
            release(date, d);
        }
    }
}
