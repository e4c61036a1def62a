package io.updraft.engine.expr;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.engine.testing.TestBatches;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Base for expression tests: a fresh allocator per test (closed, so leaks fail) and evaluation helpers. */
public abstract class ExpressionTestSupport {
    protected BufferAllocator allocator;

    @BeforeEach
    protected void createAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    protected void closeAllocator() {
        allocator.close();
    }

    protected static ColumnRef col(int index, DataType type) {
        return new ColumnRef(index, type, true);
    }

    protected static Literal lit(DataType type, Object value) {
        return new Literal(type, value);
    }

    protected static BigDecimal dec(String text) {
        return new BigDecimal(text);
    }

    /** Days since 1970-01-01 of an ISO date ("2016-07-30"). */
    protected static int day(String isoDate) {
        return (int) LocalDate.parse(isoDate).toEpochDay();
    }

    /** Microseconds since the epoch of an ISO local date-time in UTC ("2016-07-30T12:58:59.5"). */
    protected static long micros(String isoDateTime) {
        LocalDateTime t = LocalDateTime.parse(isoDateTime);
        return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000;
    }

    protected static Literal date(String isoDate) {
        return lit(DataTypes.DateType, day(isoDate));
    }

    protected static Literal timestamp(String isoDateTime) {
        return lit(DataTypes.TimestampType, micros(isoDateTime));
    }

    /** An argument: an {@link Expr} as is, a Java value as its literal (Integer → int, ...), null as a void literal. */
    protected static Expr arg(Object value) {
        return switch (value) {
            case null -> Literal.nullOf(DataTypes.NullType);
            case Expr e -> e;
            case String s -> Literal.of(s);
            case Integer i -> Literal.of(i);
            case Long l -> Literal.of(l);
            case Double d -> Literal.of(d);
            case Boolean b -> Literal.of(b);
            case BigDecimal d -> Literal.of(d);
            default -> throw new IllegalArgumentException("no literal for " + value.getClass());
        };
    }

    protected static ScalarFunction function(String name, DataType type, Object... args) {
        List<Expr> exprs = new ArrayList<>();
        for (Object a : args) {
            exprs.add(arg(a));
        }
        return new ScalarFunction(name, exprs, type);
    }

    /** name(args) evaluated over one row with constant arguments. */
    protected Object call(String name, DataType type, Object... args) {
        return evalConstant(function(name, type, args));
    }

    /** Evaluates {@code expr} over a single column of values (column 0 of type {@code type}). */
    protected List<Object> eval(Expr expr, DataType type, Object... values) {
        if (type instanceof StructType rowSchema && values instanceof Object[][] rows) {
            // a StructType is a DataType too: eval(expr, schema, oneRow) means the schema overload
            return eval(expr, rowSchema, rows);
        }
        if (type instanceof StructType rowSchema && values.length == rowSchema.size()) {
            return eval(expr, rowSchema, new Object[][] {values});
        }
        StructType schema = new StructType(List.of()).add("c0", type);
        Object[][] rows = new Object[values.length][];
        for (int i = 0; i < values.length; i++) {
            rows[i] = new Object[] {values[i]};
        }
        return eval(expr, schema, rows);
    }

    /** Evaluates {@code expr} over rows of the given schema, twice (to exercise cached constants). */
    protected List<Object> eval(Expr expr, StructType schema, Object[]... rows) {
        List<Object> first = null;
        try (ExpressionEvaluator evaluator = ExpressionEvaluator.compile(expr, allocator)) {
            for (int round = 0; round < 2; round++) {
                try (Batch batch = TestBatches.batch(allocator, schema, rows);
                     FieldVector result = evaluator.evaluate(batch)) {
                    List<Object> values = TestBatches.values(result, evaluator.dataType());
                    if (first == null) {
                        first = values;
                    } else if (!first.equals(values)) {
                        throw new AssertionError("second evaluation differs: " + first + " vs " + values);
                    }
                }
            }
        }
        return first;
    }

    /** Evaluates an expression without columns over {@code n} rows. */
    protected Object evalConstant(Expr expr) {
        List<Object> values = new ArrayList<>(eval(expr, new StructType(List.of()), new Object[][] {{}}));
        return values.get(0);
    }
}
