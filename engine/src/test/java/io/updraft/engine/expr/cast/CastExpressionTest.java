package io.updraft.engine.expr.cast;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Cast;
import io.updraft.core.expr.Literal;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CastExpressionTest extends ExpressionTestSupport {
    private java.util.List<Object> cast(DataType from, DataType to, Object... values) {
        return eval(new Cast(col(0, from), to), from, values);
    }

    @Test
    void literalsOfTheSmallFloatAndBinaryTypes() {
        // a folded CAST(1 AS TINYINT) reaches the engine as a literal; these were null before
        assertThat(evalConstant(lit(DataTypes.ByteType, (byte) -128))).isEqualTo((byte) -128);
        assertThat(evalConstant(lit(DataTypes.ShortType, (short) 32767))).isEqualTo((short) 32767);
        assertThat(evalConstant(lit(DataTypes.FloatType, 1.5f))).isEqualTo(1.5f);
    }

    @Test
    void stringToNumbers() {
        assertThat(cast(DataTypes.StringType, DataTypes.IntegerType, " 42 ", "-7", "+3", "-0", null))
                .containsExactly(42, -7, 3, 0, null);
        assertThat(cast(DataTypes.StringType, DataTypes.LongType, "9223372036854775807")).containsExactly(Long.MAX_VALUE);
        assertThat(cast(DataTypes.StringType, DataTypes.DoubleType, "1.5", "1e3", "nan", "-Infinity"))
                .containsExactly(1.5, 1000.0, Double.NaN, Double.NEGATIVE_INFINITY);
        assertThat(cast(DataTypes.StringType, new DecimalType(5, 2), "1.005", "-1.005"))
                .containsExactly(dec("1.01"), dec("-1.01"));
        assertThat(cast(DataTypes.StringType, DataTypes.BooleanType, "true", "N", "1"))
                .containsExactly(true, false, true);
    }

    @Test
    void malformedStringsRaiseCastInvalidInputAsSparkAnsi() {
        assertThatThrownBy(() -> cast(DataTypes.StringType, DataTypes.IntegerType, "1", "abc"))
                .isInstanceOf(UpdraftException.class)
                .hasMessageStartingWith("[CAST_INVALID_INPUT] The value 'abc' of the type \"STRING\" cannot be cast to "
                        + "\"INT\" because it is malformed.");
        for (Object[] c : new Object[][] {{DataTypes.IntegerType, "2147483648"}, {DataTypes.IntegerType, ""},
                {DataTypes.IntegerType, "1.5"}, {DataTypes.IntegerType, "1.0"}, {DataTypes.LongType, "7."},
                {DataTypes.LongType, "1e2"}, {DataTypes.LongType, "-"},
                {DataTypes.LongType, "9223372036854775808"}, {DataTypes.DoubleType, "x"},
                {DataTypes.BooleanType, "maybe"}, {DataTypes.DateType, "2024-02-30"}, {DataTypes.TimestampType, "10:30"},
                {new DecimalType(5, 2), "x"}}) {
            assertThatThrownBy(() -> cast(DataTypes.StringType, (DataType) c[0], c[1]))
                    .as("%s as %s", c[1], c[0]).hasMessageStartingWith("[CAST_INVALID_INPUT] The value '" + c[1] + "'");
        }
        assertThatThrownBy(() -> cast(DataTypes.StringType, new DecimalType(5, 2), "1234.5"))
                .hasMessageStartingWith("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 1234.50 cannot be represented as "
                        + "Decimal(5, 2).");
    }

    @Test
    void stringToDateAndTimestamp() {
        int day = (int) LocalDate.of(2024, 2, 29).toEpochDay();
        assertThat(cast(DataTypes.StringType, DataTypes.DateType, "2024-02-29", "2024-2-29", "2024-02-29 10:00:00",
                "2024")).containsExactly(day, day, day, (int) LocalDate.of(2024, 1, 1).toEpochDay());
        long micros = day * 86_400_000_000L + (10 * 3600 + 30 * 60 + 5) * 1_000_000L + 120_000;
        assertThat(cast(DataTypes.StringType, DataTypes.TimestampType, "2024-02-29 10:30:05.12",
                "2024-02-29T10:30:05.12Z", "2024-02-29T12:30:05.12+02:00", "2024-02-29"))
                .containsExactly(micros, micros, micros, day * 86_400_000_000L);
    }

    @Test
    void numericConversions() {
        assertThat(cast(DataTypes.DoubleType, DataTypes.IntegerType, 1.9, -1.9, -2147483648.5, null))
                .containsExactly(1, -1, Integer.MIN_VALUE, null);
        assertThat(cast(DataTypes.IntegerType, DataTypes.LongType, -5)).containsExactly(-5L);
        assertThat(cast(DataTypes.IntegerType, new DecimalType(3, 1), 12, null)).containsExactly(dec("12.0"), null);
        assertThat(cast(new DecimalType(5, 3), new DecimalType(4, 2), dec("1.235"), dec("-1.235")))
                .containsExactly(dec("1.24"), dec("-1.24"));
        assertThat(cast(new DecimalType(15, 2), DataTypes.DoubleType, dec("0.10"), dec("-123.45")))
                .containsExactly(0.1, -123.45);
        assertThat(cast(new DecimalType(15, 2), DataTypes.LongType, dec("-7.99"))).containsExactly(-7L);
        assertThat(cast(DataTypes.DoubleType, new DecimalType(10, 2), 0.125, Double.NaN))
                .containsExactly(dec("0.13"), null);
        assertThat(cast(DataTypes.BooleanType, DataTypes.IntegerType, true, false)).containsExactly(1, 0);
    }

    @Test
    void numbersOutOfRangeRaiseAsSparkAnsi() {
        assertThatThrownBy(() -> cast(DataTypes.DoubleType, DataTypes.IntegerType, 1.0, 1e20))
                .isInstanceOf(UpdraftException.class)
                .hasMessageStartingWith("[CAST_OVERFLOW] The value 1.0E20D of the type \"DOUBLE\" cannot be cast to \"INT\"");
        assertThatThrownBy(() -> cast(DataTypes.LongType, DataTypes.IntegerType, 4_294_967_297L))
                .hasMessageStartingWith("[CAST_OVERFLOW] The value 4294967297L of the type \"BIGINT\"");
        assertThatThrownBy(() -> cast(DataTypes.DoubleType, DataTypes.LongType, Double.NaN))
                .hasMessageStartingWith("[CAST_OVERFLOW]");
        assertThatThrownBy(() -> cast(new DecimalType(25, 0), DataTypes.IntegerType, dec("3000000000")))
                .hasMessageStartingWith("[CAST_OVERFLOW] The value 3000000000BD");
        assertThatThrownBy(() -> cast(DataTypes.IntegerType, new DecimalType(3, 1), 100))
                .hasMessageStartingWith("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 100 cannot be represented as "
                        + "Decimal(3, 1).");
        assertThatThrownBy(() -> cast(new DecimalType(5, 3), new DecimalType(4, 2), dec("99.999")))
                .hasMessageStartingWith("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 99.999 cannot be represented");
    }

    @Test
    void toStringFormats() {
        int day = (int) LocalDate.of(2024, 1, 5).toEpochDay();
        assertThat(cast(DataTypes.DateType, DataTypes.StringType, day, -1)).containsExactly("2024-01-05", "1969-12-31");
        long ts = day * 86_400_000_000L + 3_723_000_000L;
        assertThat(cast(DataTypes.TimestampType, DataTypes.StringType, ts, ts + 500_000, ts + 123_456, -1L))
                .containsExactly("2024-01-05 01:02:03", "2024-01-05 01:02:03.5", "2024-01-05 01:02:03.123456",
                        "1969-12-31 23:59:59.999999");
        assertThat(cast(new DecimalType(5, 2), DataTypes.StringType, dec("-1.50"))).containsExactly("-1.50");
        assertThat(cast(DataTypes.IntegerType, DataTypes.StringType, 7, null)).containsExactly("7", null);
        assertThat(cast(DataTypes.BooleanType, DataTypes.StringType, true)).containsExactly("true");
    }

    @Test
    void dateTimestampConversions() {
        assertThat(cast(DataTypes.DateType, DataTypes.TimestampType, 1)).containsExactly(86_400_000_000L);
        assertThat(cast(DataTypes.TimestampType, DataTypes.DateType, -1L, 86_400_000_000L)).containsExactly(-1, 1);
    }

    @Test
    void castOfNullLiteral() {
        assertThat(evalConstant(new Cast(Literal.nullOf(DataTypes.NullType), DataTypes.IntegerType))).isNull();
    }

    @Test
    void numberToDateIsRejected() {
        assertThatThrownBy(() -> cast(DataTypes.IntegerType, DataTypes.DateType, 1))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("Cannot cast int to date");
    }
}
