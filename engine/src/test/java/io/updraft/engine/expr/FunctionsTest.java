package io.updraft.engine.expr;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.CaseWhen;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FunctionsTest extends ExpressionTestSupport {
    private static ScalarFunction fn(String name, DataType type, Expr... args) {
        return new ScalarFunction(name, Arrays.asList(args), type);
    }

    @Test
    void substringIsOneBasedAndCountsCharacters() {
        var s = col(0, DataTypes.StringType);
        assertThat(eval(fn("substring", DataTypes.StringType, s, Literal.of(2), Literal.of(3)), DataTypes.StringType,
                "abcdef", "ab", "", null, "ünïcödé")).containsExactly("bcd", "b", "", null, "nïc");
        assertThat(eval(fn("substring", DataTypes.StringType, s, Literal.of(-3), Literal.of(2)), DataTypes.StringType,
                "abcdef", "ab")).containsExactly("de", "a");
        assertThat(eval(fn("substring", DataTypes.StringType, s, Literal.of(0), Literal.of(2)), DataTypes.StringType,
                "abcdef")).containsExactly("ab");
        assertThat(eval(fn("substr", DataTypes.StringType, s, Literal.of(3)), DataTypes.StringType, "abcdef"))
                .containsExactly("cdef");
        assertThat(eval(fn("substring", DataTypes.StringType, s, Literal.of(1), Literal.of(-1)), DataTypes.StringType,
                "abc")).containsExactly("");
    }

    @Test
    void caseConversionAndLength() {
        var s = col(0, DataTypes.StringType);
        assertThat(eval(fn("upper", DataTypes.StringType, s), DataTypes.StringType, "aBc1", "straße", null))
                .containsExactly("ABC1", "STRASSE", null);
        assertThat(eval(fn("lower", DataTypes.StringType, s), DataTypes.StringType, "AbC", "ÀÉ"))
                .containsExactly("abc", "àé");
        assertThat(eval(fn("length", DataTypes.IntegerType, s), DataTypes.StringType, "abc", "ünï", "", null))
                .containsExactly(3, 3, 0, null);
        assertThat(eval(fn("trim", DataTypes.StringType, s), DataTypes.StringType, "  a b  ")).containsExactly("a b");
    }

    @Test
    void dateParts() {
        var d = col(0, DataTypes.DateType);
        int leapDay = (int) LocalDate.of(2024, 2, 29).toEpochDay();
        int old = (int) LocalDate.of(1900, 12, 31).toEpochDay();
        assertThat(eval(fn("year", DataTypes.IntegerType, d), DataTypes.DateType, leapDay, old, null))
                .containsExactly(2024, 1900, null);
        assertThat(eval(fn("month", DataTypes.IntegerType, d), DataTypes.DateType, leapDay, old))
                .containsExactly(2, 12);
        assertThat(eval(fn("dayofmonth", DataTypes.IntegerType, d), DataTypes.DateType, leapDay, old))
                .containsExactly(29, 31);
        assertThat(eval(fn("year", DataTypes.IntegerType, col(0, DataTypes.TimestampType)), DataTypes.TimestampType,
                -1L)).containsExactly(1969);
    }

    @Test
    void datePartsMatchJavaTimeOverFourCenturies() {
        Object[] days = new Object[800];
        for (int i = 0; i < days.length; i++) {
            days[i] = -146_097 + i * 367;
        }
        List<Object> years = eval(fn("year", DataTypes.IntegerType, col(0, DataTypes.DateType)), DataTypes.DateType, days);
        List<Object> months = eval(fn("month", DataTypes.IntegerType, col(0, DataTypes.DateType)), DataTypes.DateType, days);
        List<Object> dayOfMonth = eval(fn("day", DataTypes.IntegerType, col(0, DataTypes.DateType)), DataTypes.DateType,
                days);
        for (int i = 0; i < days.length; i++) {
            LocalDate date = LocalDate.ofEpochDay((Integer) days[i]);
            assertThat(List.of(years.get(i), months.get(i), dayOfMonth.get(i)))
                    .containsExactly(date.getYear(), date.getMonthValue(), date.getDayOfMonth());
        }
    }

    @Test
    void absAndRound() {
        assertThat(eval(fn("abs", DataTypes.IntegerType, col(0, DataTypes.IntegerType)), DataTypes.IntegerType,
                -3, 4, null)).containsExactly(3, 4, null);
        // Spark 4.2 (ANSI) raises ARITHMETIC_OVERFLOW for abs of the minimum (checked live: abs_int_min_overflows)
        assertThatThrownBy(() -> eval(fn("abs", DataTypes.IntegerType, col(0, DataTypes.IntegerType)),
                DataTypes.IntegerType, Integer.MIN_VALUE)).hasMessageContaining("[ARITHMETIC_OVERFLOW]");
        assertThat(eval(fn("abs", new DecimalType(5, 2), col(0, new DecimalType(5, 2))), new DecimalType(5, 2),
                dec("-1.25"))).containsExactly(dec("1.25"));
        assertThat(eval(fn("round", DataTypes.DoubleType, col(0, DataTypes.DoubleType), Literal.of(2)),
                DataTypes.DoubleType, 2.675, -2.675, 1.0 / 3, Double.NaN)).containsExactly(2.68, -2.68, 0.33, Double.NaN);
        assertThat(eval(fn("round", new DecimalType(5, 1), col(0, new DecimalType(5, 2)), Literal.of(1)),
                new DecimalType(5, 2), dec("1.25"), dec("-1.25"), dec("1.24"))).containsExactly(dec("1.3"), dec("-1.3"),
                dec("1.2"));
        assertThat(eval(fn("round", DataTypes.IntegerType, col(0, DataTypes.IntegerType), Literal.of(-1)),
                DataTypes.IntegerType, 15, -15, 14)).containsExactly(20, -20, 10);
    }

    @Test
    void coalesceAndConcat() {
        StructType schema = new StructType(List.of()).add("a", DataTypes.StringType).add("b", DataTypes.StringType);
        var a = col(0, DataTypes.StringType);
        var b = col(1, DataTypes.StringType);
        assertThat(eval(fn("coalesce", DataTypes.StringType, a, b, Literal.of("z")), schema,
                new Object[] {"x", "y"}, new Object[] {null, "y"}, new Object[] {null, null}))
                .containsExactly("x", "y", "z");
        assertThat(eval(fn("concat", DataTypes.StringType, a, Literal.of("-"), b), schema,
                new Object[] {"x", "y"}, new Object[] {null, "y"})).containsExactly("x-y", null);
    }

    @Test
    void caseWhenTakesTheFirstTrueBranch() {
        var x = col(0, DataTypes.IntegerType);
        var cw = new CaseWhen(
                List.of(new Comparison(CompareOp.LESS_THAN, x, Literal.of(0)),
                        new Comparison(CompareOp.LESS_THAN, x, Literal.of(10))),
                List.of(Literal.of("negative"), Literal.of("small")), Literal.of("large"), DataTypes.StringType);
        assertThat(eval(cw, DataTypes.IntegerType, -1, 5, 50, null)).containsExactly("negative", "small", "large",
                "large");
        var noElse = new CaseWhen(List.of(new Comparison(CompareOp.GREATER_THAN, x, Literal.of(0))),
                List.of(x), null, DataTypes.IntegerType);
        assertThat(eval(noElse, DataTypes.IntegerType, 3, -3)).containsExactly(3, null);
    }

    @Test
    void unknownFunctionIsAUserError() {
        assertThatThrownBy(() -> ExpressionEvaluator.compile(fn("frobnicate", DataTypes.IntegerType), allocator))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageStartingWith("Undefined function: frobnicate");
    }
}
