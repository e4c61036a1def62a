package io.updraft.engine.expr;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Cast;
import io.updraft.core.expr.Literal;
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
    void stringToNumbersFailsToNull() {
        assertThat(cast(DataTypes.StringType, DataTypes.IntegerType, " 42 ", "-7", "1.9", "abc", "2147483648", "", null))
                .containsExactly(42, -7, 1, null, null, null, null);
        assertThat(cast(DataTypes.StringType, DataTypes.LongType, "9223372036854775807", "9223372036854775808"))
                .containsExactly(Long.MAX_VALUE, null);
        assertThat(cast(DataTypes.StringType, DataTypes.DoubleType, "1.5", "1e3", "nan", "-Infinity", "x"))
                .containsExactly(1.5, 1000.0, Double.NaN, Double.NEGATIVE_INFINITY, null);
        assertThat(cast(DataTypes.StringType, new DecimalType(5, 2), "1.005", "-1.005", "1234.5", "x"))
                .containsExactly(dec("1.01"), dec("-1.01"), null, null);
        assertThat(cast(DataTypes.StringType, DataTypes.BooleanType, "true", "N", "1", "maybe"))
                .containsExactly(true, false, true, null);
    }

    @Test
    void stringToDateAndTimestamp() {
        int day = (int) LocalDate.of(2024, 2, 29).toEpochDay();
        assertThat(cast(DataTypes.StringType, DataTypes.DateType, "2024-02-29", "2024-2-29", "2024-02-29 10:00:00",
                "2024-02-30", "20240229", "2024")).containsExactly(day, day, day, null, null,
                (int) LocalDate.of(2024, 1, 1).toEpochDay());
        long micros = day * 86_400_000_000L + (10 * 3600 + 30 * 60 + 5) * 1_000_000L + 120_000;
        assertThat(cast(DataTypes.StringType, DataTypes.TimestampType, "2024-02-29 10:30:05.12",
                "2024-02-29T10:30:05.12Z", "2024-02-29T12:30:05.12+02:00", "2024-02-29", "10:30"))
                .containsExactly(micros, micros, micros, day * 86_400_000_000L, null);
    }

    @Test
    void numericConversions() {
        assertThat(cast(DataTypes.DoubleType, DataTypes.IntegerType, 1.9, -1.9, 1e20)).containsExactly(1, -1,
                Integer.MAX_VALUE);
        assertThat(cast(DataTypes.LongType, DataTypes.IntegerType, 4_294_967_297L)).containsExactly(1);
        assertThat(cast(DataTypes.IntegerType, DataTypes.LongType, -5)).containsExactly(-5L);
        assertThat(cast(DataTypes.IntegerType, new DecimalType(3, 1), 12, 100)).containsExactly(dec("12.0"), null);
        assertThat(cast(new DecimalType(5, 3), new DecimalType(4, 2), dec("1.235"), dec("-1.235"), dec("99.999")))
                .containsExactly(dec("1.24"), dec("-1.24"), null);
        assertThat(cast(new DecimalType(15, 2), DataTypes.DoubleType, dec("0.10"), dec("-123.45")))
                .containsExactly(0.1, -123.45);
        assertThat(cast(new DecimalType(15, 2), DataTypes.LongType, dec("-7.99"))).containsExactly(-7L);
        assertThat(cast(DataTypes.DoubleType, new DecimalType(10, 2), 0.125, Double.NaN))
                .containsExactly(dec("0.13"), null);
        assertThat(cast(DataTypes.BooleanType, DataTypes.IntegerType, true, false)).containsExactly(1, 0);
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
