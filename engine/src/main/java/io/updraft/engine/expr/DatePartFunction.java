package io.updraft.engine.expr;

import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/** year / month / dayofmonth of a date (proleptic Gregorian), as int. */
final class DatePartFunction extends VectorExpression {
    enum Part { YEAR, MONTH, DAY }

    private final VectorExpression date;
    private final Part part;

    DatePartFunction(VectorExpression date, Part part, BufferAllocator allocator) {
        super(DataTypes.IntegerType, allocator);
        this.date = date;
        this.part = part;
    }

    @Override
    List<VectorExpression> children() {
        return List.of(date);
    }

    @Override
    FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector d = date.evaluate(batch);
        try {
            FieldVector out = newResult(n);
            ArrowBuf in = d.getDataBuffer();
            ArrowBuf o = out.getDataBuffer();
            Bits.copy(d.getValidityBuffer(), out.getValidityBuffer(), n);
            for (int r = 0; r < n; r++) {
                long civil = DateTimes.civil(in.getInt((long) r << 2));
                int value = switch (part) {
                    case YEAR -> (int) (civil >> 9);
                    case MONTH -> (int) ((civil >> 5) & 15);
                    case DAY -> (int) (civil & 31);
                };
                o.setInt((long) r << 2, value);
            }
            out.setValueCount(n);
            return out;
        } finally {
            release(date, d);
        }
    }
}
