package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** make_date(year, month, day): the date, or null when the fields do not form a valid date (Spark non-ANSI). */
final class MakeDateFunction extends NullIntolerantFunction {
    MakeDateFunction(VectorExpression year, VectorExpression month, VectorExpression day, BufferAllocator allocator) {
        super(List.of(year, month, day), DataTypes.DateType, allocator);
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf years = in[0].getDataBuffer();
        ArrowBuf months = in[1].getDataBuffer();
        ArrowBuf days = in[2].getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int year = years.getInt((long) r << 2);
            int month = months.getInt((long) r << 2);
            int day = days.getInt((long) r << 2);
            if (month < 1 || month > 12 || day < 1 || day > DateTimes.daysInMonth(year, month)
                    || Math.abs((long) year) > 999_999_999L) {
                Bits.clear(validity, r);
                continue;
            }
            long epochDay = DateTimes.epochDay(year, month, day);
            if (epochDay != (int) epochDay) {
                Bits.clear(validity, r);
                continue;
            }
            o.setInt((long) r << 2, (int) epochDay);
        }
    }
}
