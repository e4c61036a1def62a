package io.updraft.engine.expr.datetime;

import io.updraft.core.value.DateTimes;
import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;
import java.util.Locale;

/**
 * next_day(date, dayOfWeek): the first date later than date that falls on dayOfWeek ("SU", "SUN", "SUNDAY",
 * "MO", ... case-insensitive); null for any other name (Spark non-ANSI). A constant name is parsed once.
 */
final class NextDayFunction extends NullIntolerantFunction {
    private final CompiledArgument<Integer> dayOfWeek;

    NextDayFunction(VectorExpression date, VectorExpression dayOfWeek, BufferAllocator allocator) {
        super(List.of(date, dayOfWeek), DataTypes.DateType, allocator);
        this.dayOfWeek = CompiledArgument.of(dayOfWeek, NextDayFunction::isoDayOfWeek);
    }

    /** 1 = Monday ... 7 = Sunday, or null for an unknown name. */
    static Integer isoDayOfWeek(String name) {
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "MO", "MON", "MONDAY" -> 1;
            case "TU", "TUE", "TUESDAY" -> 2;
            case "WE", "WED", "WEDNESDAY" -> 3;
            case "TH", "THU", "THURSDAY" -> 4;
            case "FR", "FRI", "FRIDAY" -> 5;
            case "SA", "SAT", "SATURDAY" -> 6;
            case "SU", "SUN", "SUNDAY" -> 7;
            default -> null;
        };
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf days = in[0].getDataBuffer();
        ArrowBuf no = in[1].getOffsetBuffer();
        ArrowBuf nd = in[1].getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            Integer target = dayOfWeek.get(nd, no.getInt((long) r << 2), no.getInt(((long) r << 2) + 4));
            if (target == null) {
                Bits.clear(validity, r);
                continue;
            }
            int day = days.getInt((long) r << 2);
            int ahead = Math.floorMod(target - DateTimes.isoDayOfWeek(day), 7);
            o.setInt((long) r << 2, day + (ahead == 0 ? 7 : ahead));
        }
    }
}
