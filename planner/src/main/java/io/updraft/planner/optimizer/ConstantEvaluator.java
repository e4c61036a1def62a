package io.updraft.planner.optimizer;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NegateExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates an expression whose children are all constants, with the engine's semantics. Arithmetic that
 * raises an error in the engine (Spark 4's ANSI mode: integer or decimal overflow, division or remainder by
 * zero, casts that fail) is not folded, so the engine raises the error (or gives the null) when the query runs. Returns empty where it is not sure to match the engine (then the expression is left as is).
 * Stateless.
 */
final class ConstantEvaluator {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private static final Pattern DATE = Pattern.compile("^([+-]?\\d{4,})(?:-(\\d{1,2})(?:-(\\d{1,2}))?)?(?:[T ].*)?$");
    private static final Pattern INTEGRAL = Pattern.compile("^[+-]?\\d+$"); // no decimal point: Spark 4 ANSI
    private static final Set<String> TRUE_STRINGS = Set.of("t", "true", "y", "yes", "1");
    private static final Set<String> FALSE_STRINGS = Set.of("f", "false", "n", "no", "0");
    /** Sentinels of the internal conversions: a null result, and "not reproduced here, do not fold". */
    private static final Object NULL = new Object();
    private static final Object UNSUPPORTED = new Object();

    private ConstantEvaluator() {
    }

    /** The value of {@code e} if all its children are constants and the evaluation is supported. */
    static Optional<ConstantExpression> evaluate(ResolvedExpression e) {
        List<ResolvedExpression> children = e.children();
        if (children.isEmpty() || !children.stream().allMatch(c -> c instanceof ConstantExpression)) {
            return Optional.empty();
        }
        Object[] v = children.stream().map(c -> ((ConstantExpression) c).value()).toArray();
        DataType type = e.dataType();
        return switch (e) {
            case ArithmeticExpression a -> arithmetic(a, v[0], v[1]).map(r -> constant(type, r == NULL ? null : r));
            case ComparisonExpression c -> Optional.of(constant(type, compare(c.op(), c.left().dataType(), v[0], v[1])));
            case AndExpression a -> Optional.of(constant(type, and(v[0], v[1])));
            case OrExpression o -> Optional.of(constant(type, or(v[0], v[1])));
            case NotExpression n -> Optional.of(constant(type, v[0] == null ? null : !(Boolean) v[0]));
            case IsNullExpression n -> Optional.of(constant(type, v[0] == null));
            case IsNotNullExpression n -> Optional.of(constant(type, v[0] != null));
            case NegateExpression n -> negate(v[0]).map(r -> constant(type, r));
            case CastExpression c -> cast(v[0], c.child().dataType(), c.dataType()).map(r -> constant(type, r.value()));
            case InExpression in -> Optional.of(constant(type, in(in.value().dataType(), v)));
            case CaseWhenExpression c -> Optional.of(caseWhen(c, v));
            case ScalarFunctionExpression f -> dateFunction(f.name(), v).map(r -> constant(type, r == NULL ? null : r));
            default -> Optional.empty();
        };
    }

    private static ConstantExpression constant(DataType type, Object value) {
        return ConstantExpression.of(type, value);
    }

    /** Wrapper so an evaluation can yield a null value (Optional cannot hold null). */
    record Value(Object value) {
    }

    private static Optional<Object> arithmetic(ArithmeticExpression a, Object l, Object r) {
        if (l == null || r == null) {
            return Optional.of(NULL);
        }
        ArithmeticOp op = a.op();
        Object result;
        try {
            result = switch (a.dataType()) {
                case IntegerType t -> {
                    int x = (Integer) l;
                    int y = (Integer) r;
                    yield switch (op) {
                        case ADD -> Math.addExact(x, y);
                        case SUBTRACT -> Math.subtractExact(x, y);
                        case MULTIPLY -> Math.multiplyExact(x, y);
                        case DIVIDE, MOD -> y == 0 ? UNSUPPORTED : (op == ArithmeticOp.MOD ? x % y : x / y);
                    };
                }
                case LongType t -> {
                    long x = (Long) l;
                    long y = (Long) r;
                    yield switch (op) {
                        case ADD -> Math.addExact(x, y);
                        case SUBTRACT -> Math.subtractExact(x, y);
                        case MULTIPLY -> Math.multiplyExact(x, y);
                        case DIVIDE, MOD -> y == 0 ? UNSUPPORTED : (op == ArithmeticOp.MOD ? x % y : x / y);
                    };
                }
                case DoubleType t -> {
                    double x = (Double) l;
                    double y = (Double) r;
                    yield switch (op) {
                        case ADD -> x + y;
                        case SUBTRACT -> x - y;
                        case MULTIPLY -> x * y;
                        case DIVIDE -> y == 0 ? UNSUPPORTED : x / y;
                        case MOD -> y == 0 ? UNSUPPORTED : x % y;
                    };
                }
                case DecimalType t -> {
                    BigDecimal x = (BigDecimal) l;
                    BigDecimal y = (BigDecimal) r;
                    BigDecimal exact = switch (op) {
                        case ADD -> x.add(y);
                        case SUBTRACT -> x.subtract(y);
                        case MULTIPLY -> x.multiply(y);
                        case DIVIDE -> y.signum() == 0 ? null : x.divide(y, t.scale(), RoundingMode.HALF_UP);
                        case MOD -> y.signum() == 0 ? null : x.remainder(y);
                    };
                    BigDecimal fitted = exact == null ? null : toDecimal(exact, t);
                    yield fitted == null ? UNSUPPORTED : fitted;
                }
                default -> UNSUPPORTED;
            };
        } catch (ArithmeticException overflow) {
            result = UNSUPPORTED;
        }
        if (result == UNSUPPORTED) {
            return Optional.empty();
        }
        return Optional.of(result == null ? NULL : result);
    }

    /** date_add, date_sub and add_months of constants (add_months clamps to the month's end, as Spark). */
    private static Optional<Object> dateFunction(String name, Object[] v) {
        if (!name.equals("date_add") && !name.equals("date_sub") && !name.equals("add_months")) {
            return Optional.empty();
        }
        if (v[0] == null || v[1] == null) {
            return Optional.of(NULL);
        }
        LocalDate date = LocalDate.ofEpochDay((Integer) v[0]);
        int n = (Integer) v[1];
        LocalDate result = switch (name) {
            case "date_add" -> date.plusDays(n);
            case "date_sub" -> date.minusDays(n);
            default -> date.plusMonths(n);
        };
        return Optional.of((int) result.toEpochDay());
    }

    private static Boolean compare(CompareOp op, DataType type, Object l, Object r) {
        if (op == CompareOp.EQUAL_NULL_SAFE) {
            if (l == null || r == null) {
                return l == null && r == null;
            }
            return compareValues(type, l, r) == 0;
        }
        if (l == null || r == null) {
            return null;
        }
        int c = compareValues(type, l, r);
        return switch (op) {
            case EQUAL -> c == 0;
            case NOT_EQUAL -> c != 0;
            case LESS_THAN -> c < 0;
            case LESS_THAN_OR_EQUAL -> c <= 0;
            case GREATER_THAN -> c > 0;
            case GREATER_THAN_OR_EQUAL -> c >= 0;
            case EQUAL_NULL_SAFE -> c == 0;
        };
    }

    /** Orders two non-null values of one type; strings by UTF-8 bytes, as Spark. */
    static int compareValues(DataType type, Object l, Object r) {
        return switch (l) {
            case BigDecimal x -> x.compareTo((BigDecimal) r);
            case Double x -> Double.compare(x, (Double) r);
            case Integer x -> Integer.compare(x, (Integer) r);
            case Long x -> Long.compare(x, (Long) r);
            case Boolean x -> Boolean.compare(x, (Boolean) r);
            case String x -> Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8),
                    ((String) r).getBytes(StandardCharsets.UTF_8));
            default -> throw new IllegalStateException("cannot compare " + type.simpleString() + " values");
        };
    }

    private static Boolean and(Object l, Object r) {
        if (Boolean.FALSE.equals(l) || Boolean.FALSE.equals(r)) {
            return false;
        }
        return l == null || r == null ? null : Boolean.TRUE;
    }

    private static Boolean or(Object l, Object r) {
        if (Boolean.TRUE.equals(l) || Boolean.TRUE.equals(r)) {
            return true;
        }
        return l == null || r == null ? null : Boolean.FALSE;
    }

    private static Optional<Object> negate(Object v) {
        return Optional.of(switch (v) {
            case null -> NULL;
            case Integer i -> -i;
            case Long l -> -l;
            case Double d -> -d;
            case BigDecimal d -> d.negate();
            default -> UNSUPPORTED;
        }).filter(x -> x != UNSUPPORTED).map(x -> x == NULL ? null : x);
    }

    private static Boolean in(DataType type, Object[] values) {
        Object value = values[0];
        if (value == null) {
            return null;
        }
        boolean sawNull = false;
        for (int i = 1; i < values.length; i++) {
            if (values[i] == null) {
                sawNull = true;
            } else if (compareValues(type, value, values[i]) == 0) {
                return true;
            }
        }
        return sawNull ? null : Boolean.FALSE;
    }

    private static ConstantExpression caseWhen(CaseWhenExpression c, Object[] v) {
        int n = c.conditions().size();
        for (int i = 0; i < n; i++) {
            if (Boolean.TRUE.equals(v[2 * i])) {
                return constant(c.dataType(), v[2 * i + 1]);
            }
        }
        return constant(c.dataType(), c.elseValue() == null ? null : v[v.length - 1]);
    }

    /** A decimal rounded HALF_UP to the type's scale, or null when it does not fit the precision. */
    static BigDecimal toDecimal(BigDecimal v, DecimalType t) {
        BigDecimal scaled = v.setScale(t.scale(), RoundingMode.HALF_UP);
        return scaled.precision() - scaled.scale() > t.precision() - t.scale() ? null : scaled;
    }

    /**
     * Spark's cast of a constant; the returned {@link Value} holds null only for a null input. Empty when the cast fails
     * (the engine raises or gives null) or is not one this evaluator reproduces exactly.
     */
    static Optional<Value> cast(Object v, DataType from, DataType to) {
        if (v == null) {
            return Optional.of(new Value(null));
        }
        if (from.equals(to)) {
            return Optional.of(new Value(v));
        }
        Object result = switch (to) {
            case StringType s -> toStringValue(v, from);
            case IntegerType i -> {
                Object x = toLong(v, from, true);
                yield x instanceof Long l ? (Object) l.intValue() : x;
            }
            case LongType l -> toLong(v, from, false);
            case DoubleType d -> toDouble(v, from);
            case DecimalType d -> toDecimalValue(v, from, d);
            case DateType d -> toDate(v, from);
            case TimestampType t -> toTimestamp(v, from);
            case BooleanType b -> toBoolean(v, from);
            default -> UNSUPPORTED;
        };
        if (result == UNSUPPORTED || result == NULL) {
            // a failed cast raises in the engine (Spark 4's ANSI mode: [CAST_INVALID_INPUT], out of range) or gives
            // null there: either way the engine decides
            return Optional.empty();
        }
        return Optional.of(new Value(result == NULL ? null : result));
    }

    private static Object toStringValue(Object v, DataType from) {
        return switch (from) {
            case IntegerType i -> v.toString();
            case LongType l -> v.toString();
            case DecimalType d -> ((BigDecimal) v).toPlainString();
            case BooleanType b -> v.toString();
            case DateType d -> ExpressionPrinter.dateText((Integer) v);
            case TimestampType t -> ExpressionPrinter.timestampText((Long) v);
            default -> UNSUPPORTED;
        };
    }

    /** Integral conversion: a Long, {@link #NULL} for a failed conversion, {@link #UNSUPPORTED} when unsure. */
    private static Object toLong(Object v, DataType from, boolean toInt) {
        long min = toInt ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = toInt ? Integer.MAX_VALUE : Long.MAX_VALUE;
        return switch (from) {
            case IntegerType i -> (long) (Integer) v;
            // out of range raises [CAST_OVERFLOW] in the engine (Spark 4's ANSI mode): left unfolded
            case LongType l -> !toInt || (int) (long) (Long) v == (Long) v ? (Object) (Long) v : UNSUPPORTED;
            case DoubleType d -> {
                double x = (Double) v;
                boolean fits = toInt ? x > Integer.MIN_VALUE - 1.0 && x < Integer.MAX_VALUE + 1.0 : x >= -0x1p63 && x < 0x1p63;
                yield fits ? (Object) (long) x : UNSUPPORTED;
            }
            case BooleanType b -> (Boolean) v ? 1L : 0L;
            case DecimalType d -> {
                BigDecimal truncated = ((BigDecimal) v).setScale(0, RoundingMode.DOWN);
                yield inRange(truncated, min, max) ? (Object) truncated.longValue() : UNSUPPORTED;
            }
            case StringType s -> {
                String t = ((String) v).trim();
                if (!INTEGRAL.matcher(t).matches()) {
                    yield NULL;
                }
                BigDecimal truncated = new BigDecimal(t.endsWith(".") ? t.substring(0, t.length() - 1) : t)
                        .setScale(0, RoundingMode.DOWN);
                yield inRange(truncated, min, max) ? (Object) truncated.longValue() : NULL;
            }
            default -> UNSUPPORTED;
        };
    }

    private static boolean inRange(BigDecimal v, long min, long max) {
        return v.compareTo(BigDecimal.valueOf(min)) >= 0 && v.compareTo(BigDecimal.valueOf(max)) <= 0;
    }

    private static Object toDouble(Object v, DataType from) {
        return switch (from) {
            case IntegerType i -> (double) (Integer) v;
            case LongType l -> (double) (Long) v;
            case DecimalType d -> ((BigDecimal) v).doubleValue();
            case BooleanType b -> (Boolean) v ? 1.0 : 0.0;
            case StringType s -> {
                try {
                    String t = ((String) v).trim();
                    yield t.matches("^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$") ? Double.parseDouble(t) : NULL;
                } catch (NumberFormatException e) {
                    yield NULL;
                }
            }
            default -> UNSUPPORTED;
        };
    }

    private static Object toDecimalValue(Object v, DataType from, DecimalType to) {
        BigDecimal exact = switch (from) {
            case IntegerType i -> BigDecimal.valueOf((Integer) v);
            case LongType l -> BigDecimal.valueOf((Long) v);
            case DecimalType d -> (BigDecimal) v;
            case DoubleType d -> Double.isFinite((Double) v) ? BigDecimal.valueOf((Double) v) : null;
            case BooleanType b -> (Boolean) v ? BigDecimal.ONE : BigDecimal.ZERO;
            case StringType s -> {
                try {
                    yield new BigDecimal(((String) v).trim());
                } catch (NumberFormatException e) {
                    yield null;
                }
            }
            default -> null;
        };
        if (exact == null) {
            return from.isNumeric() || from instanceof StringType ? NULL : UNSUPPORTED;
        }
        BigDecimal d = toDecimal(exact, to);
        return d == null ? NULL : d;
    }

    private static Object toDate(Object v, DataType from) {
        return switch (from) {
            case StringType s -> {
                Matcher m = DATE.matcher(((String) v).trim());
                if (!m.matches()) {
                    yield NULL;
                }
                try {
                    int year = Integer.parseInt(m.group(1));
                    int month = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
                    int day = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
                    yield (int) LocalDate.of(year, month, day).toEpochDay();
                } catch (DateTimeException | NumberFormatException e) {
                    yield NULL;
                }
            }
            case TimestampType t -> (int) Math.floorDiv((Long) v, MICROS_PER_DAY);
            default -> UNSUPPORTED;
        };
    }

    private static Object toTimestamp(Object v, DataType from) {
        return switch (from) {
            case DateType d -> (long) (Integer) v * MICROS_PER_DAY;
            case StringType s -> {
                String t = ((String) v).trim();
                try {
                    if (t.length() == 10) {
                        yield LocalDate.parse(t).toEpochDay() * MICROS_PER_DAY;
                    }
                    LocalDateTime ldt = LocalDateTime.parse(t.replace(' ', 'T'));
                    long seconds = ldt.toEpochSecond(ZoneOffset.UTC);
                    yield seconds * 1_000_000L + ldt.getNano() / 1000;
                } catch (DateTimeParseException e) {
                    yield UNSUPPORTED;
                }
            }
            default -> UNSUPPORTED;
        };
    }

    private static Object toBoolean(Object v, DataType from) {
        return switch (from) {
            case StringType s -> {
                String t = ((String) v).trim().toLowerCase(Locale.ROOT);
                yield TRUE_STRINGS.contains(t) ? Boolean.TRUE : FALSE_STRINGS.contains(t) ? Boolean.FALSE : NULL;
            }
            case IntegerType i -> (Integer) v != 0;
            case LongType l -> (Long) v != 0;
            case DoubleType d -> (Double) v != 0;
            case DecimalType d -> ((BigDecimal) v).signum() != 0;
            default -> UNSUPPORTED;
        };
    }

    /**
     * The constant converted to {@code to} when that conversion is exact and reversible (used to compare a
     * column with a literal in the column's own type); empty otherwise.
     */
    static Optional<Object> exactConversion(Object v, DataType from, DataType to) {
        if (v == null) {
            return Optional.empty();
        }
        if (from.equals(to)) {
            return Optional.of(v);
        }
        BigDecimal exact = switch (v) {
            case Integer i -> BigDecimal.valueOf(i);
            case Long l -> BigDecimal.valueOf(l);
            case BigDecimal d -> d;
            case Double d -> Double.isFinite(d) ? new BigDecimal(d) : null;
            default -> null;
        };
        if (exact == null || !from.isNumeric()) {
            return Optional.empty();
        }
        return switch (to) {
            case IntegerType i -> fitsIntegral(exact, Integer.MIN_VALUE, Integer.MAX_VALUE)
                    ? Optional.of((Object) exact.intValueExact()) : Optional.empty();
            case LongType l -> fitsIntegral(exact, Long.MIN_VALUE, Long.MAX_VALUE)
                    ? Optional.of((Object) exact.longValueExact()) : Optional.empty();
            case DecimalType d -> {
                BigDecimal stripped = exact.stripTrailingZeros();
                if (Math.max(stripped.scale(), 0) > d.scale()) {
                    yield Optional.empty();
                }
                BigDecimal fitted = toDecimal(exact, d);
                yield fitted == null ? Optional.empty() : Optional.of((Object) fitted);
            }
            case DoubleType d -> {
                double x = exact.doubleValue();
                yield new BigDecimal(x).compareTo(exact) == 0 ? Optional.of((Object) x) : Optional.empty();
            }
            default -> Optional.empty();
        };
    }

    private static boolean fitsIntegral(BigDecimal v, long min, long max) {
        return v.stripTrailingZeros().scale() <= 0 && v.compareTo(BigDecimal.valueOf(min)) >= 0
                && v.compareTo(BigDecimal.valueOf(max)) <= 0;
    }
}
