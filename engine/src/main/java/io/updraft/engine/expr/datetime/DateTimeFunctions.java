package io.updraft.engine.expr.datetime;

import io.updraft.engine.expr.FunctionCall;
import io.updraft.engine.expr.FunctionRegistry.Factory;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.expr.datetime.DateArithmeticFunction.Kind;
import io.updraft.engine.expr.datetime.DatePartFunction.Part;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.TimestampType;

import java.util.Map;

import static io.updraft.engine.expr.FunctionRegistry.add;

/**
 * Factories of the date and timestamp functions. Dates are day numbers, timestamps microseconds, both in UTC
 * (the engine's session time zone); string arguments are cast with Spark's rules.
 */
public final class DateTimeFunctions {
    private DateTimeFunctions() {
    }

    public static void register(Map<String, Factory> map) {
        datePart(map, Part.YEAR, "year");
        datePart(map, Part.QUARTER, "quarter");
        datePart(map, Part.MONTH, "month");
        datePart(map, Part.DAY, "dayofmonth");
        datePart(map, Part.DAY_OF_WEEK, "dayofweek");
        datePart(map, Part.DAY_OF_YEAR, "dayofyear");
        datePart(map, Part.WEEK_OF_YEAR, "weekofyear");
        timePart(map, TimePartFunction.Part.HOUR, "hour");
        timePart(map, TimePartFunction.Part.MINUTE, "minute");
        timePart(map, TimePartFunction.Part.SECOND, "second");
        add(map, c -> new DateArithmeticFunction(c.arity(2, 2).date(0), c.integer(1), Kind.DATE_ADD, c.allocator()),
                "date_add");
        add(map, c -> new DateArithmeticFunction(c.arity(2, 2).date(0), c.integer(1), Kind.DATE_SUB, c.allocator()),
                "date_sub");
        add(map, c -> new DateArithmeticFunction(c.arity(2, 2).date(0), c.integer(1), Kind.ADD_MONTHS, c.allocator()),
                "add_months");
        add(map, c -> new DateArithmeticFunction(c.arity(2, 2).date(0), c.date(1), Kind.DATE_DIFF, c.allocator()),
                "datediff");
        add(map, c -> new LastDayFunction(c.arity(1, 1).date(0), c.allocator()), "last_day");
        add(map, c -> new NextDayFunction(c.arity(2, 2).date(0), c.string(1), c.allocator()), "next_day");
        add(map, c -> new MakeDateFunction(c.arity(3, 3).integer(0), c.integer(1), c.integer(2), c.allocator()),
                "make_date");
        add(map, c -> parse(c, DataTypes.DateType), "to_date");
        add(map, c -> parse(c, DataTypes.TimestampType), "to_timestamp");
        add(map, c -> new DateFormatFunction(c.arity(2, 2).timestamp(0), c.string(1), c.zone(), c.allocator()), "date_format");
        add(map, c -> new TruncFunction(c.arity(2, 2).timestamp(1), c.string(0), false, c.zone(), c.allocator()), "date_trunc");
        add(map, c -> new TruncFunction(c.arity(2, 2).date(0), c.string(1), true, c.zone(), c.allocator()), "trunc");
    }

    private static void datePart(Map<String, Factory> map, Part part, String... names) {
        add(map, c -> new DatePartFunction(c.arity(1, 1).date(0), part, c.allocator()), names);
    }

    private static void timePart(Map<String, Factory> map, TimePartFunction.Part part, String name) {
        add(map, c -> new TimePartFunction(c.arity(1, 1).timestamp(0), part, c.zone(), c.allocator()), name);
    }

    /**
     * to_date / to_timestamp(x[, format]): without a format (or for a date or timestamp x, whose format Spark
     * ignores) a cast; otherwise x parsed with the format.
     */
    private static VectorExpression parse(FunctionCall c, DataType target) {
        c.arity(1, 2);
        DataType in = c.argument(0).type();
        if (c.size() == 1 || in instanceof DateType || in instanceof TimestampType) {
            return c.as(0, target);
        }
        return new ParseDateTimeFunction(c.string(0), c.string(1), target instanceof DateType, c.zone(), c.allocator());
    }
}
