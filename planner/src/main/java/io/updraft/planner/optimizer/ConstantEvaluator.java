package io.updraft.planner.optimizer;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.value.Casts;
import io.updraft.core.value.DateTimes;
import io.updraft.core.value.ValueErrors;
import io.updraft.core.value.Values;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NegateExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.ArrayType;
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
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * Evaluates an expression whose children are all constants, with the engine's semantics: casts, comparisons and
 * Java-side values through core's {@code io.updraft.core.value} (the implementation the engine runs). An
 * evaluation that raises in the engine (Spark 4's ANSI mode: integer or decimal overflow, division or remainder by
 * zero, casts that fail) is not folded, so the engine raises the error when the query runs; {@link #evaluateStrict}
 * raises it instead (for the differential test against the engine). Casts that depend on the session time zone
 * (timestamp to or from string or date) fold only when the zone is given. Stateless.
 */
public final class ConstantEvaluator {
    /** Sentinels of the internal evaluations: a null result, and "not reproduced here, do not fold". */
    private static final Object NULL = new Object();
    private static final Object UNSUPPORTED = new Object();

    private ConstantEvaluator() {
    }

    /** The value of {@code e} if all its children are constants and the evaluation is supported and succeeds. */
    static Optional<ConstantExpression> evaluate(ResolvedExpression e) {
        try {
            return evaluateStrict(e, null);
        } catch (UpdraftException error) {
            return Optional.empty();
        }
    }

    /**
     * The value of {@code e} if all its children are constants and the evaluation is supported (empty otherwise);
     * raises the USER error the engine raises for these constants. {@code zone} is the session time zone, or null
     * when unknown (then zone-dependent casts are not evaluated).
     */
    public static Optional<ConstantExpression> evaluateStrict(ResolvedExpression e, ZoneId zone) {
        List<ResolvedExpression> children = e.children();
        if (children.isEmpty() || !children.stream().allMatch(c -> c instanceof ConstantExpression)) {
            return Optional.empty();
        }
        Object[] v = children.stream().map(c -> ((ConstantExpression) c).value()).toArray();
        DataType type = e.dataType();
        return switch (e) {
            case ArithmeticExpression a -> arithmetic(a, v[0], v[1]).map(r -> constant(type, r == NULL ? null : r));
            case ComparisonExpression c -> Optional.of(constant(type, compare(c.op(), v[0], v[1])));
            case AndExpression a -> Optional.of(constant(type, and(v[0], v[1])));
            case OrExpression o -> Optional.of(constant(type, or(v[0], v[1])));
            case NotExpression n -> Optional.of(constant(type, v[0] == null ? null : !(Boolean) v[0]));
            case IsNullExpression n -> Optional.of(constant(type, v[0] == null));
            case IsNotNullExpression n -> Optional.of(constant(type, v[0] != null));
            case NegateExpression n -> negate(v[0]).map(r -> constant(type, r == NULL ? null : r));
            case CastExpression c -> cast(v[0], c.child().dataType(), c.dataType(), zone)
                    .map(r -> constant(type, r.value()));
            case InExpression in -> Optional.of(constant(type, in(v)));
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
                        case DIVIDE, MOD -> y == 0 ? byZero(op) : (op == ArithmeticOp.MOD ? x % y : x / y);
                    };
                }
                case LongType t -> {
                    long x = (Long) l;
                    long y = (Long) r;
                    yield switch (op) {
                        case ADD -> Math.addExact(x, y);
                        case SUBTRACT -> Math.subtractExact(x, y);
                        case MULTIPLY -> Math.multiplyExact(x, y);
                        case DIVIDE, MOD -> y == 0 ? byZero(op) : (op == ArithmeticOp.MOD ? x % y : x / y);
                    };
                }
                case DoubleType t -> {
                    double x = (Double) l;
                    double y = (Double) r;
                    yield switch (op) {
                        case ADD -> x + y;
                        case SUBTRACT -> x - y;
                        case MULTIPLY -> x * y;
                        case DIVIDE -> y == 0 ? byZero(op) : x / y;
                        case MOD -> y == 0 ? byZero(op) : x % y;
                    };
                }
                case DecimalType t -> {
                    BigDecimal x = (BigDecimal) l;
                    BigDecimal y = (BigDecimal) r;
                    BigDecimal exact = switch (op) {
                        case ADD -> x.add(y);
                        case SUBTRACT -> x.subtract(y);
                        case MULTIPLY -> x.multiply(y);
                        case DIVIDE -> y.signum() == 0 ? byZero(op) : x.divide(y, t.scale(), RoundingMode.HALF_UP);
                        case MOD -> y.signum() == 0 ? byZero(op) : x.remainder(y);
                    };
                    BigDecimal fitted = Casts.fitDecimal(exact, t.precision(), t.scale());
                    if (fitted == null) {
                        throw ValueErrors.decimalOutOfRange(exact.setScale(t.scale(), RoundingMode.HALF_UP),
                                t.precision(), t.scale());
                    }
                    yield fitted;
                }
                default -> UNSUPPORTED;
            };
        } catch (ArithmeticException overflow) {
            throw ValueErrors.overflow(switch (op) {
                case ADD -> "add";
                case SUBTRACT -> "subtract";
                default -> "multiply";
            }, a.dataType().simpleString());
        }
        if (result == UNSUPPORTED) {
            return Optional.empty();
        }
        return Optional.of(result == null ? NULL : result);
    }

    private static <T> T byZero(ArithmeticOp op) {
        throw op == ArithmeticOp.MOD ? ValueErrors.remainderByZero() : ValueErrors.divideByZero();
    }

    /** date_add, date_sub and add_months of constants (add_months clamps to the month's end, as Spark). */
    private static Optional<Object> dateFunction(String name, Object[] v) {
        if (!name.equals("date_add") && !name.equals("date_sub") && !name.equals("add_months")) {
            return Optional.empty();
        }
        if (v[0] == null || v[1] == null) {
            return Optional.of(NULL);
        }
        int day = (Integer) v[0];
        int n = (Integer) v[1];
        return Optional.of(switch (name) {
            case "date_add" -> day + n;
            case "date_sub" -> day - n;
            default -> DateTimes.addMonths(day, n);
        });
    }

    private static Boolean compare(CompareOp op, Object l, Object r) {
        if (op == CompareOp.EQUAL_NULL_SAFE) {
            if (l == null || r == null) {
                return l == null && r == null;
            }
            return Values.compare(l, r) == 0;
        }
        if (l == null || r == null) {
            return null;
        }
        int c = Values.compare(l, r);
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

    /** Negation as the engine's kernel: the int and bigint minimum raise ARITHMETIC_OVERFLOW, as Spark's ANSI mode. */
    private static Optional<Object> negate(Object v) {
        return switch (v) {
            case null -> Optional.of(NULL);
            case Integer i when i == Integer.MIN_VALUE -> throw ValueErrors.signOverflow();
            case Long l when l == Long.MIN_VALUE -> throw ValueErrors.signOverflow();
            case Integer i -> Optional.of(-i);
            case Long l -> Optional.of(-l);
            case Double d -> Optional.of(-d);
            case BigDecimal d -> Optional.of(d.negate());
            default -> Optional.empty();
        };
    }

    private static Boolean in(Object[] values) {
        Object value = values[0];
        if (value == null) {
            return null;
        }
        boolean sawNull = false;
        for (int i = 1; i < values.length; i++) {
            if (values[i] == null) {
                sawNull = true;
            } else if (Values.compare(value, values[i]) == 0) {
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

    /**
     * Spark's cast of a constant (core's {@link Casts#cast}); the returned {@link Value} may hold null. Empty when the
     * cast depends on the time zone and {@code zone} is null; raises the error of a failing cast.
     */
    static Optional<Value> cast(Object v, DataType from, DataType to, ZoneId zone) {
        if (zone == null && zoneDependent(from, to)) {
            return Optional.empty();
        }
        if (to instanceof ArrayType || from instanceof ArrayType) {
            return Optional.empty();
        }
        return Optional.of(new Value(Casts.cast(v, from, to, zone)));
    }

    /** Casts whose result depends on the session time zone: timestamp to or from string and date. */
    private static boolean zoneDependent(DataType from, DataType to) {
        boolean text = from instanceof StringType || to instanceof StringType;
        boolean date = from instanceof DateType || to instanceof DateType;
        return (from instanceof TimestampType || to instanceof TimestampType) && (text || date);
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
                BigDecimal fitted = Casts.fitDecimal(exact, d.precision(), d.scale());
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
