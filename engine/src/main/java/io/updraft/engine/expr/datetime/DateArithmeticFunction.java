package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * Two-argument date arithmetic on day numbers: date_add(date, n), date_sub(date, n) (int arithmetic, wrapping
 * as Spark non-ANSI), add_months(date, n) (the same day n months later, clamped to the end of a shorter month:
 * add_months('2016-08-31', 1) = '2016-09-30'; since Spark 3 a month's last day does not stick to month ends),
 * datediff(end, start) (days). Null rows are computed too and ignored.
 */
final class DateArithmeticFunction extends NullIntolerantFunction {
    enum Kind { DATE_ADD, DATE_SUB, ADD_MONTHS, DATE_DIFF }

    private final Kind kind;

    DateArithmeticFunction(VectorExpression left, VectorExpression right, Kind kind, BufferAllocator allocator) {
        super(List.of(left, right), resultType(kind), allocator);
        this.kind = kind;
    }

    private static DataType resultType(Kind kind) {
        return kind == Kind.DATE_DIFF ? DataTypes.IntegerType : DataTypes.DateType;
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf a = in[0].getDataBuffer();
        ArrowBuf b = in[1].getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        switch (kind) {
            case DATE_ADD -> {
                for (int r = 0; r < n; r++) {
                    o.setInt((long) r << 2, a.getInt((long) r << 2) + b.getInt((long) r << 2));
                }
            }
            case DATE_SUB, DATE_DIFF -> {
                for (int r = 0; r < n; r++) {
                    o.setInt((long) r << 2, a.getInt((long) r << 2) - b.getInt((long) r << 2));
                }
            }
            case ADD_MONTHS -> {
                for (int r = 0; r < n; r++) {
                    o.setInt((long) r << 2, DateTimes.addMonths(a.getInt((long) r << 2), b.getInt((long) r << 2)));
                }
            }
        }
    }
}
