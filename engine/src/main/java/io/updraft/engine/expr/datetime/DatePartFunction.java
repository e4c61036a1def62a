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

/**
 * A field of a date (proleptic Gregorian) as int: year, quarter, month, dayofmonth, dayofweek (1 = Sunday ...
 * 7 = Saturday, as Spark), dayofyear, weekofyear (ISO-8601: weeks start on Monday, week 1 holds the first
 * Thursday). Null rows are computed too (the value is ignored): one branch-free loop per part.
 */
final class DatePartFunction extends VectorExpression {
    enum Part { YEAR, QUARTER, MONTH, DAY, DAY_OF_WEEK, DAY_OF_YEAR, WEEK_OF_YEAR }

    private final VectorExpression date;
    private final Part part;

    DatePartFunction(VectorExpression date, Part part, BufferAllocator allocator) {
        super(DataTypes.IntegerType, allocator);
        this.date = date;
        this.part = part;
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
            switch (part) {
                case YEAR -> {
                    for (int r = 0; r < n; r++) {
                        o.setInt((long) r << 2, (int) (DateTimes.civil(in.getInt((long) r << 2)) >> 9));
                    }
                }
                case QUARTER -> {
                    for (int r = 0; r < n; r++) {
                        int month = (int) ((DateTimes.civil(in.getInt((long) r << 2)) >> 5) & 15);
                        o.setInt((long) r << 2, (month + 2) / 3);
                    }
                }
                case MONTH -> {
                    for (int r = 0; r < n; r++) {
                        o.setInt((long) r << 2, (int) ((DateTimes.civil(in.getInt((long) r << 2)) >> 5) & 15));
                    }
                }
                case DAY -> {
                    for (int r = 0; r < n; r++) {
                        o.setInt((long) r << 2, (int) (DateTimes.civil(in.getInt((long) r << 2)) & 31));
                    }
                }
                case DAY_OF_WEEK -> {
                    for (int r = 0; r < n; r++) {
                        o.setInt((long) r << 2, Math.floorMod(in.getInt((long) r << 2) + 4, 7) + 1);
                    }
                }
                case DAY_OF_YEAR -> {
                    for (int r = 0; r < n; r++) {
                        o.setInt((long) r << 2, DateTimes.dayOfYear(in.getInt((long) r << 2)));
                    }
                }
                case WEEK_OF_YEAR -> {
                    for (int r = 0; r < n; r++) {
                        o.setInt((long) r << 2, DateTimes.isoWeekOfYear(in.getInt((long) r << 2)));
                    }
                }
            }
            out.setValueCount(n);
            return out;
        } finally {
            release(date, d);
        }
    }
}
