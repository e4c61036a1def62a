package io.updraft.engine.expr.math;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.Negate;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArithmeticExpressionTest extends ExpressionTestSupport {
    private static Arithmetic op(ArithmeticOp op, io.updraft.core.expr.Expr l, io.updraft.core.expr.Expr r,
                                 io.updraft.sql.types.DataType type) {
        return new Arithmetic(op, l, r, type);
    }

    @Test
    void integerOverflowRaisesArithmeticOverflowAsSparkAnsi() {
        var x = col(0, DataTypes.IntegerType);
        assertThat(eval(op(ArithmeticOp.ADD, x, Literal.of(1), DataTypes.IntegerType), DataTypes.IntegerType,
                Integer.MAX_VALUE - 1, 1, null)).containsExactly(Integer.MAX_VALUE, 2, null);
        assertThatThrownBy(() -> eval(op(ArithmeticOp.ADD, x, Literal.of(1), DataTypes.IntegerType),
                DataTypes.IntegerType, 1, Integer.MAX_VALUE))
                .isInstanceOf(UpdraftException.class).hasMessageStartingWith("[ARITHMETIC_OVERFLOW] int overflow in add.");
        var y = col(0, DataTypes.LongType);
        assertThatThrownBy(() -> eval(op(ArithmeticOp.MULTIPLY, y, Literal.of(2L), DataTypes.LongType),
                DataTypes.LongType, Long.MAX_VALUE))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("[ARITHMETIC_OVERFLOW] bigint overflow");
        assertThatThrownBy(() -> eval(op(ArithmeticOp.SUBTRACT, y, Literal.of(1L), DataTypes.LongType),
                DataTypes.LongType, Long.MIN_VALUE)).hasMessageContaining("[ARITHMETIC_OVERFLOW]");
    }

    @Test
    void overflowInANullRowIsNoError() {
        StructType ints = new StructType(List.of()).add("a", DataTypes.IntegerType).add("b", DataTypes.IntegerType);
        var a = col(0, DataTypes.IntegerType);
        var b = col(1, DataTypes.IntegerType);
        // the data slot under the null holds 0, and 0 - MIN_VALUE overflows: the row is null, not an error
        assertThat(eval(op(ArithmeticOp.SUBTRACT, a, b, DataTypes.IntegerType), ints,
                new Object[] {null, Integer.MIN_VALUE}, new Object[] {3, 4})).containsExactly(null, -1);
    }

    @Test
    void divisionAndModuloByZeroRaiseAsSparkAnsi() {
        StructType ints = new StructType(List.of()).add("a", DataTypes.IntegerType).add("b", DataTypes.IntegerType);
        var a = col(0, DataTypes.IntegerType);
        var b = col(1, DataTypes.IntegerType);
        assertThat(eval(op(ArithmeticOp.DIVIDE, a, b, DataTypes.IntegerType), ints,
                new Object[] {7, 2}, new Object[] {-7, 2}, new Object[] {null, 0}, new Object[] {7, null}))
                .containsExactly(3, -3, null, null);
        assertThatThrownBy(() -> eval(op(ArithmeticOp.DIVIDE, a, b, DataTypes.IntegerType), ints,
                new Object[] {7, 2}, new Object[] {7, 0}))
                .isInstanceOf(UpdraftException.class).hasMessageStartingWith("[DIVIDE_BY_ZERO] Division by zero.");
        assertThat(eval(op(ArithmeticOp.MOD, a, b, DataTypes.IntegerType), ints,
                new Object[] {7, 2}, new Object[] {-7, 2})).containsExactly(1, -1);
        assertThatThrownBy(() -> eval(op(ArithmeticOp.MOD, a, b, DataTypes.IntegerType), ints, new Object[] {7, 0}))
                .hasMessageStartingWith("[REMAINDER_BY_ZERO] Remainder by zero.");
        var d = col(0, DataTypes.DoubleType);
        assertThatThrownBy(() -> eval(op(ArithmeticOp.DIVIDE, d, Literal.of(0.0), DataTypes.DoubleType),
                DataTypes.DoubleType, 1.0)).hasMessageStartingWith("[DIVIDE_BY_ZERO]");
        assertThat(eval(op(ArithmeticOp.DIVIDE, d, Literal.of(4.0), DataTypes.DoubleType), DataTypes.DoubleType, 1.0))
                .containsExactly(0.25);
    }

    @Test
    void decimalAdditionAlignsScalesExactly() {
        DecimalType price = new DecimalType(15, 2);
        DecimalType rate = new DecimalType(5, 4);
        StructType schema = new StructType(List.of()).add("p", price).add("r", rate);
        var sum = op(ArithmeticOp.ADD, col(0, price), col(1, rate), new DecimalType(17, 4));
        assertThat(eval(sum, schema, new Object[] {dec("10.25"), dec("0.0125")}, new Object[] {dec("-1.00"), null}))
                .containsExactly(dec("10.2625"), null);
    }

    @Test
    void decimalMultiplicationAndDivisionRoundHalfUp() {
        DecimalType price = new DecimalType(15, 2);
        StructType schema = new StructType(List.of()).add("a", price).add("b", price);
        var product = op(ArithmeticOp.MULTIPLY, col(0, price), col(1, price), new DecimalType(31, 3));
        // 1.25 * 1.25 = 1.5625 -> 1.563 at scale 3; -1.5625 -> -1.563 (HALF_UP rounds away from zero)
        assertThat(eval(product, schema, new Object[] {dec("1.25"), dec("1.25")},
                new Object[] {dec("-1.25"), dec("1.25")})).containsExactly(dec("1.563"), dec("-1.563"));
        var quotient = op(ArithmeticOp.DIVIDE, col(0, price), col(1, price), new DecimalType(33, 18));
        assertThat(eval(quotient, schema, new Object[] {dec("2.00"), dec("3.00")},
                new Object[] {null, dec("0.00")}, new Object[] {dec("-1.00"), dec("8.00")}))
                .containsExactly(dec("0.666666666666666667"), null, dec("-0.125000000000000000"));
        assertThatThrownBy(() -> eval(quotient, schema, new Object[] {dec("1.00"), dec("0.00")}))
                .hasMessageStartingWith("[DIVIDE_BY_ZERO]");
        var remainder = op(ArithmeticOp.MOD, col(0, price), col(1, price), new DecimalType(15, 2));
        assertThatThrownBy(() -> eval(remainder, schema, new Object[] {dec("1.00"), dec("0.00")}))
                .hasMessageStartingWith("[REMAINDER_BY_ZERO]");
    }

    @Test
    void decimalOverflowBeyondResultPrecisionRaisesAsSparkAnsi() {
        DecimalType small = new DecimalType(4, 2);
        StructType schema = new StructType(List.of()).add("a", small).add("b", small);
        var sum = op(ArithmeticOp.ADD, col(0, small), col(1, small), new DecimalType(4, 2));
        assertThat(eval(sum, schema, new Object[] {dec("40.00"), dec("50.00")}, new Object[] {dec("1.00"), dec("2.00")}))
                .containsExactly(dec("90.00"), dec("3.00"));
        assertThatThrownBy(() -> eval(sum, schema, new Object[] {dec("60.00"), dec("50.00")}))
                .isInstanceOf(UpdraftException.class)
                .hasMessageStartingWith("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 110.00 cannot be represented as "
                        + "Decimal(4, 2).");
        DecimalType wide = new DecimalType(38, 0);
        StructType big = new StructType(List.of()).add("a", wide).add("b", wide);
        var product = op(ArithmeticOp.MULTIPLY, col(0, wide), col(1, wide), new DecimalType(38, 0));
        assertThat(eval(product, big, new Object[] {dec("99999999999999999999"), dec("2")}))
                .containsExactly(dec("199999999999999999998"));
        assertThatThrownBy(() -> eval(product, big,
                new Object[] {dec("10000000000000000000"), dec("10000000000000000000")}))
                .hasMessageContaining("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION]");
    }

    @Test
    void decimalWithIntegerOperand() {
        DecimalType price = new DecimalType(15, 2);
        var times = op(ArithmeticOp.MULTIPLY, col(0, price), Literal.of(3), new DecimalType(26, 2));
        assertThat(eval(times, price, dec("1.11"))).containsExactly(dec("3.33"));
        var minus = op(ArithmeticOp.SUBTRACT, new Literal(new DecimalType(1, 0), dec("1")), col(0, price),
                new DecimalType(16, 2));
        assertThat(eval(minus, price, dec("0.06"))).containsExactly(dec("0.94"));
    }

    @Test
    void decimalModulo() {
        DecimalType d = new DecimalType(10, 2);
        var mod = op(ArithmeticOp.MOD, col(0, d), new Literal(new DecimalType(3, 1), dec("0.5")), new DecimalType(3, 2));
        assertThat(eval(mod, d, dec("1.30"), dec("-1.30"))).containsExactly(dec("0.30"), dec("-0.30"));
    }

    @Test
    void negate() {
        assertThat(eval(new Negate(col(0, DataTypes.IntegerType)), DataTypes.IntegerType, 5, Integer.MAX_VALUE, null))
                .containsExactly(-5, -Integer.MAX_VALUE, null);
        assertThatThrownBy(() -> eval(new Negate(col(0, DataTypes.IntegerType)), DataTypes.IntegerType, 1,
                Integer.MIN_VALUE)).hasMessageContaining("[ARITHMETIC_OVERFLOW]");
        assertThatThrownBy(() -> eval(new Negate(col(0, DataTypes.LongType)), DataTypes.LongType, Long.MIN_VALUE))
                .hasMessageContaining("[ARITHMETIC_OVERFLOW]");
        assertThat(eval(new Negate(col(0, new DecimalType(5, 2))), new DecimalType(5, 2), dec("1.50")))
                .containsExactly(dec("-1.50"));
    }

    @Test
    void compactDecimalAdditionNearTheLongRangeFallsBackExactly() {
        // decimal(18,0) + decimal(18,18): both operands compact; aligning 10^18 - 1 to scale 18 overflows a long
        DecimalType whole = new DecimalType(18, 0);
        DecimalType fraction = new DecimalType(18, 18);
        StructType schema = new StructType(List.of()).add("a", whole).add("b", fraction);
        var sum = op(ArithmeticOp.ADD, col(0, whole), col(1, fraction), new DecimalType(37, 18));
        assertThat(eval(sum, schema, new Object[] {dec("999999999999999999"), dec("0.000000000000000001")},
                new Object[] {dec("-999999999999999999"), dec("-0.999999999999999999")},
                new Object[] {dec("9"), dec("0.5")}, new Object[] {null, dec("0.1")}))
                .containsExactly(dec("999999999999999999.000000000000000001"),
                        dec("-999999999999999999.999999999999999999"), dec("9.500000000000000000"), null);
        // decimal(18,2) - decimal(18,2) whose difference needs 19 digits: exact past the long fast path
        DecimalType money = new DecimalType(18, 2);
        StructType moneys = new StructType(List.of()).add("a", money).add("b", money);
        var difference = op(ArithmeticOp.SUBTRACT, col(0, money), col(1, money), new DecimalType(19, 2));
        assertThat(eval(difference, moneys, new Object[] {dec("9999999999999999.99"), dec("-9999999999999999.99")},
                new Object[] {dec("-0.01"), dec("0.02")}))
                .containsExactly(dec("19999999999999999.98"), dec("-0.03"));
        var narrow = op(ArithmeticOp.SUBTRACT, col(0, money), col(1, money), new DecimalType(18, 2));
        assertThatThrownBy(() -> eval(narrow, moneys, new Object[] {dec("9999999999999999.99"), dec("-0.01")}))
                .hasMessageStartingWith("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 10000000000000000.00");
    }

    @Test
    void compactDecimalProductsBeyondALongAreExact() {
        // two decimal(18,0) near 10^18: the product needs 36 digits, past a long (multiplyHigh detects it)
        DecimalType big = new DecimalType(18, 0);
        StructType schema = new StructType(List.of()).add("a", big).add("b", big);
        var product = op(ArithmeticOp.MULTIPLY, col(0, big), col(1, big), new DecimalType(37, 0));
        assertThat(eval(product, schema, new Object[] {dec("999999999999999999"), dec("-999999999999999999")},
                new Object[] {dec("-3037000500"), dec("-3037000500")}, new Object[] {dec("-7"), dec("6")},
                new Object[] {dec("5"), null}))
                .containsExactly(dec("-999999999999999998000000000000000001"), dec("9223372037000250000"),
                        dec("-42"), null);
        // the TPC-H shape: decimal(15,2) * decimal(16,2), then * decimal(16,2) from a decimal(32,4) (checked rows)
        DecimalType money = new DecimalType(15, 2);
        DecimalType rate = new DecimalType(16, 2);
        StructType lineitem = new StructType(List.of()).add("p", money).add("d", rate).add("t", rate);
        var net = op(ArithmeticOp.MULTIPLY, col(0, money), col(1, rate), new DecimalType(32, 4));
        var charge = op(ArithmeticOp.MULTIPLY, net, col(2, rate), new DecimalType(38, 6));
        assertThat(eval(charge, lineitem, new Object[] {dec("9999999999999.99"), dec("99999999999999.99"),
                        dec("-1.07")}, new Object[] {dec("-901.50"), dec("0.95"), dec("1.07")}))
                .containsExactly(dec("-1069999999999998823000000000.000107"), dec("-916.374750"));
        // a product that fits a long but not the result precision raises as before
        DecimalType small = new DecimalType(5, 2);
        StructType smalls = new StructType(List.of()).add("a", small).add("b", small);
        var tight = op(ArithmeticOp.MULTIPLY, col(0, small), col(1, small), new DecimalType(6, 4));
        assertThat(eval(tight, smalls, new Object[] {dec("9.99"), dec("-9.99")})).containsExactly(dec("-99.8001"));
        assertThatThrownBy(() -> eval(tight, smalls, new Object[] {dec("10.00"), dec("10.00")}))
                .hasMessageStartingWith("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 100.0000");
    }
}
