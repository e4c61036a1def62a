package io.updraft.sql;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.And;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.Cast;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Negate;
import io.updraft.core.expr.Not;
import io.updraft.core.expr.Or;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.value.Values;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.planner.optimizer.ConstantEvaluator;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.Casts;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.NegateExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.TimestampType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Differential test: for a grid of values (nulls, type bounds, malformed strings, leap days, time-zone edges) and
 * every cast and expression the optimizer folds, the planner's real {@link ConstantEvaluator} gives exactly what the
 * engine's real kernels compute over Arrow vectors (the constants as columns, so nothing is folded on that side):
 * the same value, or the same error class. Both run in UTC and in America/Los_Angeles.
 */
class FoldingMatchesEngineTest {
    private static final List<ZoneId> ZONES = List.of(ZoneId.of("UTC"), ZoneId.of("America/Los_Angeles"));
    private static final DecimalType D10_2 = new DecimalType(10, 2);
    private static final DecimalType D38_18 = new DecimalType(38, 18);
    private static final DecimalType D5_0 = new DecimalType(5, 0);
    private static final Map<DataType, List<Object>> GRID = grid();
    private static BufferAllocator allocator;
    private static final List<String> MISMATCHES = new ArrayList<>();
    private static int cases;
    private static int errors;

    /** What one side did: a value, an error class, or (planner only) nothing folded. */
    record Outcome(Object value, String errorClass, boolean folded) {
        static final Outcome NOT_FOLDED = new Outcome(null, null, false);

        boolean matches(Outcome engine) {
            if (!Objects.equals(errorClass, engine.errorClass)) {
                return false;
            }
            if (value instanceof BigDecimal a && engine.value instanceof BigDecimal b) {
                return a.compareTo(b) == 0 && a.scale() == b.scale();
            }
            return Objects.equals(value, engine.value);
        }
    }

    @BeforeAll
    static void open() {
        allocator = new RootAllocator();
    }

    @AfterAll
    static void close() {
        allocator.close();
    }

    private static Map<DataType, List<Object>> grid() {
        Map<DataType, List<Object>> g = new LinkedHashMap<>();
        g.put(DataTypes.IntegerType, Arrays.asList(null, 0, 1, -1, 42, -7, Integer.MAX_VALUE, Integer.MIN_VALUE));
        g.put(DataTypes.LongType, Arrays.asList(null, 0L, -1L, 3L, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE - 1L,
                Long.MAX_VALUE, Long.MIN_VALUE, 1_700_000_000L));
        g.put(DataTypes.DoubleType, Arrays.asList(null, 0.0, -0.0, 1.5, -2.5, 0.1, 1e10, 3e9, -9.3e18, 1e19,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 1.7e9));
        g.put(D10_2, Arrays.asList(null, new BigDecimal("0.00"), new BigDecimal("1.50"), new BigDecimal("-2.55"),
                new BigDecimal("99999999.99"), new BigDecimal("-99999999.99"), new BigDecimal("21474836.47")));
        g.put(D38_18, Arrays.asList(null, new BigDecimal("0.000000000000000001"),
                new BigDecimal("99999999999999999999.999999999999999999"), new BigDecimal("-3000000000.5"
                        + "00000000000000000")));
        g.put(DataTypes.StringType, Arrays.asList(null, "", " 42 ", "-0", "+7", "1.5", "7.", "1e2", "abc",
                "2147483647", "2147483648", "-9223372036854775808", "9223372036854775808", "12345678901234567890.5",
                "0.005", "inf", "-Infinity", "NaN", "true", "YES", "f", "0", "2", "2024-02-29", "2023-02-29",
                "2024-2-9", "2024", "2024-13-01", "2024-03-10 02:30:00", "2024-03-10T03:30:00",
                "2024-11-03 01:30:00", "2024-11-03 01:30:00.123456789", "2024-01-01T00:00:00Z",
                "2024-01-01 00:00:00+05:30", "2024-01-01 00:00:00 America/New_York", "1969-12-31 23:59:59.999999",
                "+10000-01-01", "0001-01-01", "2024-01-01 24:00:00"));
        g.put(DataTypes.BooleanType, Arrays.asList(null, true, false));
        g.put(DataTypes.DateType, Arrays.asList(null, 0, day("2024-02-29"), day("2023-03-01"), day("2024-03-10"),
                day("2024-11-03"), day("0001-01-01"), day("9999-12-31"), day("1969-12-31")));
        g.put(DataTypes.TimestampType, Arrays.asList(null, 0L, -1L, micros("2024-03-10T10:30:00Z"),
                micros("2024-03-10T09:59:59.999999Z"), micros("2024-11-03T08:30:00Z"), micros("2024-11-03T09:30:00Z"),
                micros("2024-02-29T23:59:59Z"), micros("1900-01-01T00:00:00Z"), micros("9999-12-31T23:59:59Z"),
                1_234_567L));
        return g;
    }

    private static int day(String text) {
        return (int) LocalDate.parse(text).toEpochDay();
    }

    private static long micros(String instant) {
        return Values.micros(Instant.parse(instant));
    }

    @Test
    void constantFoldingComputesWhatTheEngineComputes() {
        for (ZoneId zone : ZONES) {
            casts(zone);
            arithmetic(zone);
            comparisons(zone);
            negations(zone);
            logic(zone);
            dateFunctions(zone);
        }
        System.out.printf("FoldingMatchesEngineTest: %d cases (%d of them errors on both sides)%n", cases, errors);
        assertThat(MISMATCHES).as("folding vs engine (%d cases)", cases).isEmpty();
        assertThat(cases).isGreaterThan(5000);
        assertThat(errors).isGreaterThan(100);
    }

    private void casts(ZoneId zone) {
        List<DataType> targets = List.of(DataTypes.IntegerType, DataTypes.LongType, DataTypes.DoubleType, D10_2,
                D38_18, D5_0, DataTypes.StringType, DataTypes.BooleanType, DataTypes.DateType, DataTypes.TimestampType);
        GRID.forEach((from, values) -> {
            for (DataType to : targets) {
                if (from.equals(to) || !Casts.canCast(from, to)) {
                    continue;
                }
                for (Object v : values) {
                    check(zone, "cast(" + show(v) + " as " + to.simpleString() + ") from " + from.simpleString(),
                            new CastExpression(constant(from, v), to, true),
                            new Cast(new ColumnRef(0, from, true), to), List.of(from), v);
                }
            }
        });
    }

    private void arithmetic(ZoneId zone) {
        Map<DataType, List<ArithmeticOp>> ops = new LinkedHashMap<>();
        ops.put(DataTypes.IntegerType, List.of(ArithmeticOp.ADD, ArithmeticOp.SUBTRACT, ArithmeticOp.MULTIPLY,
                ArithmeticOp.MOD));
        ops.put(DataTypes.LongType, ops.get(DataTypes.IntegerType));
        ops.put(DataTypes.DoubleType, List.of(ArithmeticOp.values()));
        for (Map.Entry<DataType, List<ArithmeticOp>> e : ops.entrySet()) {
            DataType t = e.getKey();
            for (ArithmeticOp op : e.getValue()) {
                pairs(t, t, (l, r) -> check(zone, show(l) + " " + op.symbol() + " " + show(r) + " (" + t.simpleString()
                                + ")", new ArithmeticExpression(op, constant(t, l), constant(t, r), t),
                        new Arithmetic(op, col(0, t), col(1, t), t), List.of(t, t), l, r));
            }
        }
        Map<ArithmeticOp, DecimalType> decimalResults = Map.of(ArithmeticOp.ADD, new DecimalType(11, 2),
                ArithmeticOp.SUBTRACT, new DecimalType(11, 2), ArithmeticOp.MULTIPLY, new DecimalType(21, 4),
                ArithmeticOp.DIVIDE, new DecimalType(23, 13), ArithmeticOp.MOD, new DecimalType(10, 2));
        for (ArithmeticOp op : ArithmeticOp.values()) {
            DecimalType result = decimalResults.get(op);
            pairs(D10_2, D10_2, (l, r) -> check(zone, show(l) + " " + op.symbol() + " " + show(r) + " (decimal)",
                    new ArithmeticExpression(op, constant(D10_2, l), constant(D10_2, r), result),
                    new Arithmetic(op, col(0, D10_2), col(1, D10_2), result), List.of(D10_2, D10_2), l, r));
        }
        // a result type too small for the exact result: NUMERIC_VALUE_OUT_OF_RANGE on both sides
        pairs(D10_2, D10_2, (l, r) -> check(zone, show(l) + " * " + show(r) + " (decimal(10,2) result)",
                new ArithmeticExpression(ArithmeticOp.MULTIPLY, constant(D10_2, l), constant(D10_2, r), D10_2),
                new Arithmetic(ArithmeticOp.MULTIPLY, col(0, D10_2), col(1, D10_2), D10_2), List.of(D10_2, D10_2),
                l, r));
    }

    private void comparisons(ZoneId zone) {
        for (DataType t : GRID.keySet()) {
            for (CompareOp op : CompareOp.values()) {
                pairs(t, t, (l, r) -> check(zone, show(l) + " " + op + " " + show(r) + " (" + t.simpleString() + ")",
                        new ComparisonExpression(op, constant(t, l), constant(t, r)),
                        new Comparison(op, col(0, t), col(1, t)), List.of(t, t), l, r));
            }
        }
    }

    private void negations(ZoneId zone) {
        for (DataType t : List.of(DataTypes.IntegerType, DataTypes.LongType, DataTypes.DoubleType, D10_2, D38_18)) {
            for (Object v : GRID.get(t)) {
                check(zone, "-" + show(v) + " (" + t.simpleString() + ")", new NegateExpression(constant(t, v)),
                        new Negate(col(0, t)), List.of(t), v);
            }
        }
    }

    private void logic(ZoneId zone) {
        DataType b = DataTypes.BooleanType;
        pairs(b, b, (l, r) -> {
            check(zone, show(l) + " AND " + show(r), new AndExpression(constant(b, l), constant(b, r)),
                    new And(col(0, b), col(1, b)), List.of(b, b), l, r);
            check(zone, show(l) + " OR " + show(r), new OrExpression(constant(b, l), constant(b, r)),
                    new Or(col(0, b), col(1, b)), List.of(b, b), l, r);
        });
        for (Object v : GRID.get(b)) {
            check(zone, "NOT " + show(v), new NotExpression(constant(b, v)), new Not(col(0, b)), List.of(b), v);
        }
    }

    private void dateFunctions(ZoneId zone) {
        DataType d = DataTypes.DateType;
        DataType i = DataTypes.IntegerType;
        List<Object> counts = Arrays.asList(null, 0, 1, -1, 12, -13, 365, 100_000);
        for (String name : List.of("date_add", "date_sub", "add_months")) {
            for (Object day : GRID.get(d)) {
                for (Object n : counts) {
                    check(zone, name + "(" + show(day) + ", " + show(n) + ")",
                            new ScalarFunctionExpression(name, List.of(constant(d, day), constant(i, n)), d, true),
                            new ScalarFunction(name, List.of(col(0, d), col(1, i)), d), List.of(d, i), day, n);
                }
            }
        }
    }

    private interface PairCheck {
        void check(Object left, Object right);
    }

    private static void pairs(DataType left, DataType right, PairCheck check) {
        for (Object l : GRID.get(left)) {
            for (Object r : GRID.get(right)) {
                check.check(l, r);
            }
        }
    }

    private static ColumnRef col(int index, DataType type) {
        return new ColumnRef(index, type, true);
    }

    private static ConstantExpression constant(DataType type, Object value) {
        return ConstantExpression.of(type, value);
    }

    private static String show(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }

    /** Folds {@code folded} (constants) and evaluates {@code engine} (columns holding the same values); compares. */
    private static void check(ZoneId zone, String what, ResolvedExpression folded, Expr engine, List<DataType> types,
                              Object... values) {
        cases++;
        Outcome planner = fold(folded, zone);
        Outcome computed = evaluate(engine, types, values, zone);
        if (computed.errorClass() != null) {
            errors++;
        }
        if (!planner.folded()) {
            MISMATCHES.add(zone + " " + what + ": not folded (engine: " + computed + ")");
        } else if (!planner.matches(computed)) {
            MISMATCHES.add(zone + " " + what + ": folded " + planner + ", engine " + computed);
        }
    }

    private static Outcome fold(ResolvedExpression e, ZoneId zone) {
        try {
            return ConstantEvaluator.evaluateStrict(e, zone)
                    .map(c -> new Outcome(c.value(), null, true)).orElse(Outcome.NOT_FOLDED);
        } catch (UpdraftException error) {
            return new Outcome(null, error.errorClass(), true);
        } catch (RuntimeException bug) {
            return new Outcome(null, "(" + bug + ")", true);
        }
    }

    /** Row 0 of a result vector as an internal value (dates and timestamps read raw). */
    private static Object internal(FieldVector out, DataType type) {
        if (out.isNull(0)) {
            return null;
        }
        return switch (type) {
            case DateType d -> out.getDataBuffer().getInt(0);
            case TimestampType t -> out.getDataBuffer().getLong(0);
            default -> ArrowRows.value(out, type, 0);
        };
    }

    private static Outcome evaluate(Expr expr, List<DataType> types, Object[] values, ZoneId zone) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            fields.add(new StructField("c" + i, types.get(i), true));
        }
        StructType schema = new StructType(fields);
        // internal values as they are (days, micros): no round trip through java.sql.Date's hybrid calendar
        String ipc = ArrowRows.encode(List.of(Row.withSchema(schema, values.clone())), schema, allocator);
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(Base64.getDecoder().decode(ipc)),
                allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            reader.loadNextBatch();
            Batch batch = Batch.of(1, List.copyOf(root.getFieldVectors()));
            try (ExpressionEvaluator evaluator = ExpressionEvaluator.compile(expr, allocator, zone);
                 FieldVector out = evaluator.evaluate(batch)) {
                return new Outcome(internal(out, evaluator.dataType()), null, true);
            } catch (UpdraftException error) {
                return new Outcome(null, error.errorClass() == null ? "(" + error.getMessage() + ")" : error.errorClass(),
                        true);
            } catch (RuntimeException bug) {
                return new Outcome(null, "(" + bug + ")", true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
