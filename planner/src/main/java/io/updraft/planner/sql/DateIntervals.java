package io.updraft.planner.sql;

import io.updraft.core.expr.Literal;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;

import java.time.LocalDate;
import java.util.List;

/**
 * Date ± interval. On a date literal the result is folded into a date literal
 * ({@code date '1998-12-01' - interval '90' day} → DATE '1998-09-02'); on a column it becomes
 * date_add / date_sub (days) or add_months (months), as Spark. Year-month intervals add calendar
 * months with end-of-month clamping, like Spark's add_months.
 */
final class DateIntervals {
    private DateIntervals() {
    }

    /** An interval literal as a count of months or of days (exactly one is used). */
    record Interval(long months, long days) {
    }

    /** {@code INTERVAL '3' DAY} (a literal) or Spark's unquoted {@code INTERVAL 3 DAYS} (an INTERVAL call). */
    static Interval interval(SqlNode node) {
        if (node instanceof SqlIntervalLiteral literal) {
            return interval(literal);
        }
        SqlCall call = (SqlCall) node;
        SqlNode amount = call.getOperandList().get(0);
        SqlIntervalQualifier qualifier = (SqlIntervalQualifier) call.getOperandList().get(1);
        if (!(amount instanceof SqlNumericLiteral n) || !n.isInteger() || qualifier.getEndUnit() != null) {
            throw SqlErrors.unsupported("the interval " + node + " (an integer number of YEAR, QUARTER, MONTH, WEEK or"
                    + " DAY units)", node);
        }
        long v = n.longValue(true);
        return switch (qualifier.getStartUnit()) {
            case YEAR -> new Interval(v * 12, 0);
            case QUARTER -> new Interval(v * 3, 0);
            case MONTH -> new Interval(v, 0);
            case WEEK -> new Interval(0, v * 7);
            case DAY -> new Interval(0, v);
            default -> throw SqlErrors.unsupported("INTERVAL " + qualifier + " in date arithmetic (only YEAR,"
                    + " QUARTER, MONTH, WEEK and DAY intervals can be added to a date)", node);
        };
    }

    static Interval interval(SqlIntervalLiteral literal) {
        SqlIntervalLiteral.IntervalValue value = (SqlIntervalLiteral.IntervalValue) literal.getValue();
        SqlIntervalQualifier qualifier = value.getIntervalQualifier();
        TimeUnit start = qualifier.getStartUnit();
        TimeUnit end = qualifier.getEndUnit();
        String text = value.getIntervalLiteral().trim();
        int sign = value.getSign();
        if (text.startsWith("-")) {
            sign = -sign;
            text = text.substring(1).trim();
        } else if (text.startsWith("+")) {
            text = text.substring(1).trim();
        }
        try {
            if (start == TimeUnit.YEAR && end == TimeUnit.MONTH) {
                String[] parts = text.split("-");
                if (parts.length != 2) {
                    throw SqlErrors.invalidLiteral("INTERVAL YEAR TO MONTH", value.getIntervalLiteral(), literal);
                }
                return new Interval(sign * (Long.parseLong(parts[0].trim()) * 12 + Long.parseLong(parts[1].trim())), 0);
            }
            if (end != null) {
                throw SqlErrors.unsupported("INTERVAL " + qualifier + " in date arithmetic", literal);
            }
            long n = Long.parseLong(text);
            return switch (start) {
                case YEAR -> new Interval(sign * n * 12, 0);
                case QUARTER -> new Interval(sign * n * 3, 0);
                case MONTH -> new Interval(sign * n, 0);
                case WEEK -> new Interval(0, sign * n * 7);
                case DAY -> new Interval(0, sign * n);
                default -> throw SqlErrors.unsupported("INTERVAL " + qualifier + " in date arithmetic (only YEAR,"
                        + " QUARTER, MONTH, WEEK and DAY intervals can be added to a date)", literal);
            };
        } catch (NumberFormatException e) {
            throw SqlErrors.invalidLiteral("INTERVAL " + qualifier, value.getIntervalLiteral(), literal);
        }
    }

    /** {@code date + interval} (subtract: {@code date - interval}). */
    static Expression add(Expression date, Interval interval, boolean subtract) {
        long months = subtract ? -interval.months() : interval.months();
        long days = subtract ? -interval.days() : interval.days();
        if (date instanceof LiteralValue l && l.literal().dataType() instanceof DateType && l.literal().value() != null) {
            LocalDate d = LocalDate.ofEpochDay((Integer) l.literal().value()).plusMonths(months).plusDays(days);
            return new LiteralValue(new Literal(DataTypes.DateType, Math.toIntExact(d.toEpochDay())));
        }
        if (months != 0) {
            return new FunctionCall("add_months", List.of(date, intLiteral(months)), false);
        }
        return days >= 0 ? new FunctionCall("date_add", List.of(date, intLiteral(days)), false)
                : new FunctionCall("date_sub", List.of(date, intLiteral(-days)), false);
    }

    private static LiteralValue intLiteral(long v) {
        return new LiteralValue(Literal.of(Math.toIntExact(v)));
    }
}
