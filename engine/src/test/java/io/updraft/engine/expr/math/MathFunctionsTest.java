package io.updraft.engine.expr.math;

import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Math functions against the examples of Spark's SQL function reference (and its edge cases). */
class MathFunctionsTest extends ExpressionTestSupport {
    private static final DataType DOUBLE = DataTypes.DoubleType;
    private static final DataType LONG = DataTypes.LongType;
    private static final DataType INT = DataTypes.IntegerType;

    @Test
    void ceilAndFloorGiveBigintForDoublesAndIntegers() {
        assertThat(call("ceil", LONG, -0.1)).isEqualTo(0L);
        assertThat(call("ceil", LONG, 5)).isEqualTo(5L);
        assertThat(call("ceiling", LONG, 5L)).isEqualTo(5L);
        assertThat(call("ceil", LONG, 3.0000001)).isEqualTo(4L);
        assertThat(call("floor", LONG, -0.1)).isEqualTo(-1L);
        assertThat(call("floor", LONG, 5)).isEqualTo(5L);
        assertThat(call("floor", LONG, Double.NaN)).isEqualTo(0L);
        assertThat(call("ceil", LONG, Double.POSITIVE_INFINITY)).isEqualTo(Long.MAX_VALUE);
        assertThat(call("floor", LONG, lit(DOUBLE, null))).isNull();
    }

    @Test
    void ceilAndFloorOfDecimalsKeepScaleZeroDecimals() {
        DecimalType in = new DecimalType(5, 2);
        DecimalType out = new DecimalType(4, 0);
        assertThat(eval(function("ceil", out, col(0, in)), in, dec("3.14"), dec("-3.14"), dec("3.00"), dec("999.99"), null))
                .containsExactly(dec("4"), dec("-3"), dec("3"), dec("1000"), null);
        assertThat(eval(function("floor", out, col(0, in)), in, dec("3.14"), dec("-3.14"), dec("-0.01")))
                .containsExactly(dec("3"), dec("-4"), dec("-1"));
        DecimalType wide = new DecimalType(38, 20);
        DecimalType wideOut = new DecimalType(19, 0);
        assertThat(eval(function("floor", wideOut, col(0, wide)), wide, dec("-123456789012345678.5")))
                .containsExactly(dec("-123456789012345679"));
    }

    @Test
    void unaryDoubleFunctions() {
        assertThat(call("sqrt", DOUBLE, 4)).isEqualTo(2.0);
        assertThat((Double) call("sqrt", DOUBLE, -1)).isNaN();
        assertThat(call("exp", DOUBLE, 0)).isEqualTo(1.0);
        assertThat(call("exp", DOUBLE, 1)).isEqualTo(StrictMath.exp(1));
        assertThat(call("sign", DOUBLE, 40)).isEqualTo(1.0);
        assertThat(call("signum", DOUBLE, -0.5)).isEqualTo(-1.0);
        assertThat(call("sign", DOUBLE, 0.0)).isEqualTo(0.0);
        assertThat(call("ln", DOUBLE, 1)).isEqualTo(0.0);
        assertThat(call("log10", DOUBLE, 10)).isEqualTo(1.0);
        assertThat(call("log2", DOUBLE, 2)).isEqualTo(1.0);
        assertThat(call("log2", DOUBLE, 8)).isEqualTo(StrictMath.log(8) / StrictMath.log(2));
        assertThat(call("ln", DOUBLE, 0)).isNull();
        assertThat(call("ln", DOUBLE, -1)).isNull();
        assertThat(call("log10", DOUBLE, 0.0)).isNull();
        assertThat(call("log2", DOUBLE, -8)).isNull();
        assertThat((Double) call("ln", DOUBLE, Double.NaN)).isNaN();
        assertThat(eval(function("ln", DOUBLE, col(0, DOUBLE)), DOUBLE, Math.E, 0.0, -2.0, null, 1.0))
                .containsExactly(1.0, null, null, null, 0.0);
    }

    @Test
    void logWithBaseAndPow() {
        assertThat(call("log", DOUBLE, 10, 100)).isEqualTo(2.0);
        assertThat(call("log", DOUBLE, Math.E)).isEqualTo(1.0);
        assertThat(call("log", DOUBLE, 10, 0)).isNull();
        assertThat(call("log", DOUBLE, -10, 100)).isNull();
        assertThat(call("log", DOUBLE, 0, 100)).isNull();
        assertThat(call("pow", DOUBLE, 2, 3)).isEqualTo(8.0);
        assertThat(call("power", DOUBLE, 2, -1)).isEqualTo(0.5);
        assertThat((Double) call("pow", DOUBLE, -1, 0.5)).isNaN();
        assertThat(call("pow", DOUBLE, 0, -1)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(call("pow", DOUBLE, null, 2)).isNull();
    }

    @Test
    void roundIsHalfUpAndBroundHalfEven() {
        assertThat(call("round", DOUBLE, 2.5, 0)).isEqualTo(3.0);
        assertThat(call("round", DOUBLE, -2.5, 0)).isEqualTo(-3.0);
        assertThat(call("bround", DOUBLE, 2.5, 0)).isEqualTo(2.0);
        assertThat(call("bround", DOUBLE, 3.5, 0)).isEqualTo(4.0);
        assertThat(call("bround", DOUBLE, -2.5, 0)).isEqualTo(-2.0);
        assertThat(call("bround", DOUBLE, 2.675, 2)).isEqualTo(2.68);
        assertThat(call("bround", DOUBLE, 2.665, 2)).isEqualTo(2.66);
        assertThat(call("round", INT, 25, -1)).isEqualTo(30);
        assertThat(call("bround", INT, 25, -1)).isEqualTo(20);
        assertThat(call("bround", INT, 35, -1)).isEqualTo(40);
        assertThat(call("round", DOUBLE, 2.5)).isEqualTo(3.0);
        assertThat(call("round", DOUBLE, 2.5, lit(INT, null))).isNull();
        DecimalType in = new DecimalType(4, 3);
        DecimalType out = new DecimalType(4, 2);
        assertThat(eval(function("bround", out, col(0, in), 2), in, dec("0.125"), dec("0.135"), dec("-0.125")))
                .containsExactly(dec("0.12"), dec("0.14"), dec("-0.12"));
        assertThat(eval(function("round", out, col(0, in), 2), in, dec("0.125"), dec("-0.125")))
                .containsExactly(dec("0.13"), dec("-0.13"));
    }

    @Test
    void greatestAndLeastSkipNulls() {
        assertThat(call("greatest", INT, 10, 9, 2, 4, 3)).isEqualTo(10);
        assertThat(call("least", INT, 10, 9, 2, 4, 3)).isEqualTo(2);
        assertThat(call("greatest", INT, null, 1, lit(INT, null))).isEqualTo(1);
        assertThat(call("least", INT, lit(INT, null), lit(INT, null))).isNull();
        assertThat(call("greatest", DataTypes.NullType, null, null)).isNull();
        assertThat(call("greatest", DataTypes.StringType, "apple", "banana", "Zoo")).isEqualTo("banana");
        assertThat(call("least", DataTypes.StringType, "b", "ä", "a")).isEqualTo("a");
        assertThat((Double) call("greatest", DOUBLE, 1.0, Double.NaN, 2.0)).isNaN();
        assertThat(call("least", DOUBLE, 1.0, Double.NaN, 2.0)).isEqualTo(1.0);
        assertThat(call("greatest", DOUBLE, 1, 2.5)).isEqualTo(2.5);
        assertThat(call("least", DataTypes.DateType, date("2020-01-02"), date("2019-12-31")))
                .isEqualTo(day("2019-12-31"));
        DecimalType d = new DecimalType(5, 2);
        StructType schema = new StructType(List.of()).add("a", d).add("b", d);
        assertThat(eval(function("greatest", d, col(0, d), col(1, d)), schema, new Object[] {dec("1.50"), dec("-2.00")},
                new Object[] {null, dec("-2.00")}, new Object[] {dec("-1.00"), dec("0.01")}, new Object[] {null, null}))
                .containsExactly(dec("1.50"), dec("-2.00"), dec("0.01"), null);
    }

    @Test
    void pmodIsPositive() {
        assertThat(call("pmod", INT, 10, 3)).isEqualTo(1);
        assertThat(call("pmod", INT, -10, 3)).isEqualTo(2);
        assertThat(call("pmod", INT, 10, -3)).isEqualTo(1);
        assertThat(call("pmod", INT, -10, -3)).isEqualTo(-1);
        assertThat(call("pmod", LONG, -7L, 4L)).isEqualTo(1L);
        assertThat(call("pmod", DOUBLE, -7.5, 2.0)).isEqualTo(0.5);
        assertThat(call("pmod", new DecimalType(3, 1), dec("-10.5"), 3)).isEqualTo(dec("1.5"));
    }

    @Test
    void pmodByZeroIsSparksAnsiError() {
        assertThatThrownBy(() -> call("pmod", INT, -10, 0)).hasMessageContaining("[REMAINDER_BY_ZERO]");
        assertThatThrownBy(() -> call("pmod", LONG, 7L, 0L)).hasMessageContaining("[REMAINDER_BY_ZERO]");
        assertThatThrownBy(() -> call("pmod", DOUBLE, 1.0, 0.0)).hasMessageContaining("[REMAINDER_BY_ZERO]");
        assertThatThrownBy(() -> call("pmod", new DecimalType(3, 1), dec("1.5"), 0))
                .hasMessageContaining("[REMAINDER_BY_ZERO]");
    }

    @Test
    void absKeepsTheType() {
        assertThat(call("abs", INT, -1)).isEqualTo(1);
        assertThat(call("abs", DOUBLE, -0.5)).isEqualTo(0.5);
        assertThat(call("abs", LONG, Long.MIN_VALUE + 1)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> call("abs", LONG, Long.MIN_VALUE)).hasMessageContaining("[ARITHMETIC_OVERFLOW]");
        assertThatThrownBy(() -> call("abs", INT, Integer.MIN_VALUE)).hasMessageContaining("[ARITHMETIC_OVERFLOW]");
    }
}
