package io.updraft.engine.expr.predicate;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.In;
import io.updraft.core.expr.Literal;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ComparisonExpressionTest extends ExpressionTestSupport {
    @Test
    void everyOperatorOnInts() {
        var x = col(0, DataTypes.IntegerType);
        Object[] values = {1, 2, 3, null};
        assertThat(eval(new Comparison(CompareOp.LESS_THAN, x, Literal.of(2)), DataTypes.IntegerType, values))
                .containsExactly(true, false, false, null);
        assertThat(eval(new Comparison(CompareOp.LESS_THAN_OR_EQUAL, x, Literal.of(2)), DataTypes.IntegerType, values))
                .containsExactly(true, true, false, null);
        assertThat(eval(new Comparison(CompareOp.EQUAL, x, Literal.of(2)), DataTypes.IntegerType, values))
                .containsExactly(false, true, false, null);
        assertThat(eval(new Comparison(CompareOp.NOT_EQUAL, x, Literal.of(2)), DataTypes.IntegerType, values))
                .containsExactly(true, false, true, null);
        assertThat(eval(new Comparison(CompareOp.GREATER_THAN, x, Literal.of(2)), DataTypes.IntegerType, values))
                .containsExactly(false, false, true, null);
        assertThat(eval(new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, x, Literal.of(2)), DataTypes.IntegerType,
                values)).containsExactly(false, true, true, null);
    }

    @Test
    void nullSafeEqualityIsNeverNull() {
        StructType schema = new StructType(List.of()).add("a", DataTypes.LongType).add("b", DataTypes.LongType);
        var eq = new Comparison(CompareOp.EQUAL_NULL_SAFE, col(0, DataTypes.LongType), col(1, DataTypes.LongType));
        assertThat(eval(eq, schema, new Object[] {1L, 1L}, new Object[] {1L, 2L}, new Object[] {1L, null},
                new Object[] {null, null})).containsExactly(true, false, false, true);
        assertThat(evalConstant(new Comparison(CompareOp.EQUAL_NULL_SAFE, Literal.nullOf(DataTypes.NullType),
                Literal.nullOf(DataTypes.NullType)))).isEqualTo(true);
    }

    @Test
    void stringsCompareByUtf8Bytes() {
        var x = col(0, DataTypes.StringType);
        // 'é' (0xC3 0xA9) sorts after 'z' by bytes; "ab" < "abc"; uppercase before lowercase
        assertThat(eval(new Comparison(CompareOp.GREATER_THAN, x, Literal.of("z")), DataTypes.StringType,
                "é", "za", "Z", "")).containsExactly(true, true, false, false);
        assertThat(eval(new Comparison(CompareOp.LESS_THAN, x, Literal.of("abc")), DataTypes.StringType,
                "ab", "abc", "abd", "ABC")).containsExactly(true, false, false, true);
        assertThat(eval(new Comparison(CompareOp.EQUAL, x, Literal.of("ab")), DataTypes.StringType,
                "ab", "abc", "a", null)).containsExactly(true, false, false, null);
    }

    @Test
    void stringLiteralOnEitherSideAgreesWithColumnAgainstColumn() {
        StructType schema = new StructType(List.of()).add("a", DataTypes.StringType).add("b", DataTypes.StringType);
        String[] values = {"ab", "abc", "abd", "", "é", "z", "ABC", null};
        String constant = "abc";
        for (CompareOp op : CompareOp.values()) {
            if (op == CompareOp.EQUAL_NULL_SAFE) {
                continue;
            }
            Object[][] rows = new Object[values.length][];
            for (int i = 0; i < values.length; i++) {
                rows[i] = new Object[] {values[i], constant};
            }
            // the reference: two columns, no literal
            var reference = eval(new Comparison(op, col(0, DataTypes.StringType), col(1, DataTypes.StringType)),
                    schema, rows);
            assertThat(eval(new Comparison(op, col(0, DataTypes.StringType), Literal.of(constant)),
                    DataTypes.StringType, (Object[]) values)).as("column %s literal", op).isEqualTo(reference);
            var mirrored = eval(new Comparison(op, col(1, DataTypes.StringType), col(0, DataTypes.StringType)),
                    schema, rows);
            assertThat(eval(new Comparison(op, Literal.of(constant), col(0, DataTypes.StringType)),
                    DataTypes.StringType, (Object[]) values)).as("literal %s column", op).isEqualTo(mirrored);
        }
        assertThat(eval(new Comparison(CompareOp.LESS_THAN, Literal.of("abc"), col(0, DataTypes.StringType)),
                DataTypes.StringType, "abd", "ab", null)).containsExactly(true, false, null);
    }

    @Test
    void decimalsOfDifferentScalesCompareByValue() {
        DecimalType price = new DecimalType(15, 2);
        var x = col(0, price);
        var threeDigits = new Literal(new DecimalType(10, 3), dec("1.005"));
        assertThat(eval(new Comparison(CompareOp.GREATER_THAN, x, threeDigits), price,
                dec("1.00"), dec("1.01"), dec("-5.00"))).containsExactly(false, true, false);
        assertThat(eval(new Comparison(CompareOp.EQUAL, x, new Literal(new DecimalType(5, 4), dec("1.5000"))), price,
                dec("1.50"), dec("1.51"))).containsExactly(true, false);
        DecimalType wide = new DecimalType(38, 10);
        assertThat(eval(new Comparison(CompareOp.LESS_THAN, col(0, wide),
                        new Literal(new DecimalType(38, 0), dec("10000000000000000000000000"))), wide,
                dec("9999999999999999999999999.9999999999"), dec("10000000000000000000000000.0000000001")))
                .containsExactly(true, false);
    }

    @Test
    void doublesOrderNanAboveEverythingAndZeroesEqual() {
        var x = col(0, DataTypes.DoubleType);
        assertThat(eval(new Comparison(CompareOp.GREATER_THAN, x, Literal.of(Double.POSITIVE_INFINITY)),
                DataTypes.DoubleType, Double.NaN, 1.0)).containsExactly(true, false);
        assertThat(eval(new Comparison(CompareOp.EQUAL, x, Literal.of(Double.NaN)), DataTypes.DoubleType,
                Double.NaN, 1.0)).containsExactly(true, false);
        assertThat(eval(new Comparison(CompareOp.EQUAL, x, Literal.of(0.0)), DataTypes.DoubleType, -0.0))
                .containsExactly(true);
    }

    @Test
    void datesAndTimestampsCompare() {
        assertThat(eval(new Comparison(CompareOp.LESS_THAN, col(0, DataTypes.DateType),
                new Literal(DataTypes.DateType, 19000)), DataTypes.DateType, 18999, 19000, -3))
                .containsExactly(true, false, true);
        assertThat(eval(new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, col(0, DataTypes.TimestampType),
                new Literal(DataTypes.TimestampType, 1_000_000L)), DataTypes.TimestampType, 999_999L, 1_000_000L))
                .containsExactly(false, true);
    }

    @Test
    void booleansOrderFalseBeforeTrue() {
        assertThat(eval(new Comparison(CompareOp.LESS_THAN, col(0, DataTypes.BooleanType), Literal.of(true)),
                DataTypes.BooleanType, false, true, null)).containsExactly(true, false, null);
    }

    @Test
    void comparisonWithNullLiteralIsNull() {
        assertThat(eval(new Comparison(CompareOp.EQUAL, col(0, DataTypes.IntegerType),
                Literal.nullOf(DataTypes.IntegerType)), DataTypes.IntegerType, 1, null)).containsExactly(null, null);
    }

    @Test
    void inIsTrueOnMatchAndNullWhenNothingMatchesButSomethingIsNull() {
        var x = col(0, DataTypes.IntegerType);
        assertThat(eval(new In(x, List.of(Literal.of(1), Literal.of(3))), DataTypes.IntegerType, 1, 2, 3, null))
                .containsExactly(true, false, true, null);
        assertThat(eval(new In(x, List.of(Literal.of(1), Literal.nullOf(DataTypes.IntegerType))),
                DataTypes.IntegerType, 1, 2)).containsExactly(true, null);
        assertThat(eval(new In(col(0, DataTypes.StringType), List.of(Literal.of("MAIL"), Literal.of("SHIP"))),
                DataTypes.StringType, "SHIP", "AIR")).containsExactly(true, false);
    }

    @Test
    void decimalLiteralOnEitherSideAgreesWithColumnAgainstColumn() {
        DecimalType type = new DecimalType(38, 2);
        Object[] values = {dec("0.05"), dec("0.06"), dec("0.07"), dec("-0.06"), dec("0.00"), null,
                dec("92233720368547758.07"), dec("92233720368547758.08"), dec("-92233720368547758.09"),
                dec("123456789012345678901234567890.12"), dec("-123456789012345678901234567890.12")};
        // a constant that fits a long at the column's scale, one exactly so at scale 2 though written at scale 4,
        // one past the long range, and one not exact at the column's scale (the general path)
        agreesWithColumnAgainstColumn(type, values, List.of(new Literal(new DecimalType(3, 2), dec("0.06")),
                new Literal(new DecimalType(6, 4), dec("0.0600")),
                new Literal(new DecimalType(38, 2), dec("92233720368547758.08")),
                new Literal(new DecimalType(4, 3), dec("0.055"))));
    }

    @Test
    void compactDecimalsOnlyReadTheLowWordAndStillCompareExactly() {
        // precision 18: the long kernels; values at the precision's edge, negatives, zero and nulls
        DecimalType type = new DecimalType(18, 2);
        Object[] values = {dec("9999999999999999.99"), dec("-9999999999999999.99"), dec("0.06"), dec("-0.06"),
                dec("0.00"), null, dec("0.07"), dec("-0.01"), dec("9999999999999999.98")};
        agreesWithColumnAgainstColumn(type, values, List.of(new Literal(new DecimalType(18, 2), dec("0.06")),
                new Literal(new DecimalType(18, 2), dec("9999999999999999.99")),
                new Literal(new DecimalType(18, 2), dec("-9999999999999999.99")),
                new Literal(new DecimalType(6, 4), dec("-0.0100")),
                new Literal(new DecimalType(38, 2), dec("92233720368547758.08")),
                new Literal(new DecimalType(38, 2), dec("-92233720368547758.09")),
                new Literal(new DecimalType(4, 3), dec("0.055"))));
    }

    private void agreesWithColumnAgainstColumn(DecimalType type, Object[] values, List<Literal> constants) {
        for (Literal constant : constants) {
            for (CompareOp op : CompareOp.values()) {
                if (op == CompareOp.EQUAL_NULL_SAFE) {
                    continue;
                }
                StructType schema = new StructType(List.of()).add("a", type).add("b", constant.dataType());
                Object[][] rows = new Object[values.length][];
                for (int i = 0; i < values.length; i++) {
                    rows[i] = new Object[] {values[i], constant.value()};
                }
                List<Object> expected = new java.util.ArrayList<>();
                List<Object> mirrored = new java.util.ArrayList<>();
                for (Object v : values) {
                    int c = v == null ? 0 : ((java.math.BigDecimal) v).compareTo((java.math.BigDecimal) constant.value());
                    expected.add(v == null ? null : holds(op, c));
                    mirrored.add(v == null ? null : holds(op, -c));
                }
                assertThat(eval(new Comparison(op, col(0, type), constant), type, values))
                        .as("column %s %s", op, constant.value()).isEqualTo(expected);
                assertThat(eval(new Comparison(op, constant, col(0, type)), type, values))
                        .as("%s %s column", constant.value(), op).isEqualTo(mirrored);
                assertThat(eval(new Comparison(op, col(0, type), col(1, constant.dataType())), schema, rows)).as("columns")
                        .isEqualTo(expected);
            }
        }
    }

    private static boolean holds(CompareOp op, int c) {
        return switch (op) {
            case LESS_THAN -> c < 0;
            case LESS_THAN_OR_EQUAL -> c <= 0;
            case EQUAL, EQUAL_NULL_SAFE -> c == 0;
            case NOT_EQUAL -> c != 0;
            case GREATER_THAN -> c > 0;
            case GREATER_THAN_OR_EQUAL -> c >= 0;
        };
    }
}
