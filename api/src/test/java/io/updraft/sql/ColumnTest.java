package io.updraft.sql;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Literal;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.sql.expressions.Window;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;

import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.max;
import static io.updraft.sql.functions.mean;
import static io.updraft.sql.functions.min;
import static io.updraft.sql.functions.not;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.when;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ColumnTest {

    @Test
    void arithmeticAndComparisonsPrintAsSpark() {
        assertThat(col("a").plus(1)).hasToString("(a + 1)");
        assertThat(col("price").multiply(lit(1).minus(col("discount")))).hasToString("(price * (1 - discount))");
        assertThat(col("a").divide(col("b")).mod(3)).hasToString("((a / b) % 3)");
        assertThat(col("a").unary_minus()).hasToString("(- a)");
        assertThat(col("a").equalTo("x")).hasToString("(a = x)");
        assertThat(col("a").notEqual(2)).hasToString("(NOT (a = 2))");
        assertThat(col("a").gt(1)).hasToString("(a > 1)");
        assertThat(col("a").geq(1.5)).hasToString("(a >= 1.5)");
        assertThat(col("a").lt(1L)).hasToString("(a < 1)");
        assertThat(col("a").leq(col("b"))).hasToString("(a <= b)");
        assertThat(col("a").eqNullSafe(null)).hasToString("(a <=> NULL)");
    }

    @Test
    void logicNullsRangesAndSetsPrintAsSpark() {
        assertThat(col("a").gt(1).and(col("b").isNull())).hasToString("((a > 1) AND (b IS NULL))");
        assertThat(col("a").lt(0).or(col("b").isNotNull())).hasToString("((a < 0) OR (b IS NOT NULL))");
        assertThat(not(col("flag"))).hasToString("(NOT flag)");
        assertThat(col("a").between(1, 3)).hasToString("((a >= 1) AND (a <= 3))");
        assertThat(col("a").isin(1, 2, 3)).hasToString("(a IN (1, 2, 3))");
        assertThat(col("d").geq(lit(LocalDate.of(1994, 1, 1)))).hasToString("(d >= DATE '1994-01-01')");
    }

    @Test
    void castsAliasesAndSortOrdersPrintAsSpark() {
        assertThat(col("a").cast("bigint")).hasToString("CAST(a AS BIGINT)");
        assertThat(col("a").cast(DataTypes.createDecimalType(10, 2))).hasToString("CAST(a AS DECIMAL(10,2))");
        assertThat(col("a").as("b")).hasToString("a AS b");
        assertThat(col("a").plus(1).alias("b").name("c")).hasToString("(a + 1) AS c");
        assertThat(col("a").asc()).hasToString("a ASC NULLS FIRST");
        assertThat(col("a").desc()).hasToString("a DESC NULLS LAST");
        assertThat(col("a").asc_nulls_last()).hasToString("a ASC NULLS LAST");
        assertThat(col("a").desc_nulls_first()).hasToString("a DESC NULLS FIRST");
        assertThat(col("t.a")).hasToString("t.a");
        assertThat(col("*")).hasToString("*");
    }

    @Test
    void aggregatesAndCaseWhenPrintAsSpark() {
        assertThat(sum(col("x"))).hasToString("sum(x)");
        assertThat(sum("x")).hasToString("sum(x)");
        assertThat(avg("x")).hasToString("avg(x)");
        assertThat(mean(col("x"))).hasToString("avg(x)");
        assertThat(min("x")).hasToString("min(x)");
        assertThat(max(col("x"))).hasToString("max(x)");
        assertThat(count("*")).hasToString("count(1)");
        assertThat(count(col("*"))).hasToString("count(1)");
        assertThat(count("x")).hasToString("count(x)");
        assertThat(when(col("a").gt(1), "big").when(col("a").lt(0), "neg").otherwise("small"))
                .hasToString("CASE WHEN (a > 1) THEN big WHEN (a < 0) THEN neg ELSE small END");
        assertThat(when(col("a").gt(1), 1)).hasToString("CASE WHEN (a > 1) THEN 1 END");
    }

    @Test
    void newFunctionsPrintAsSpark() {
        assertThat(functions.countDistinct("x", "y")).hasToString("count(DISTINCT x, y)");
        assertThat(functions.count_distinct(col("x"))).hasToString("count(DISTINCT x)");
        assertThat(functions.sum_distinct(col("x"))).hasToString("sum(DISTINCT x)");
        assertThat(functions.stddev("x")).hasToString("stddev(x)");
        assertThat(functions.var_pop(col("x"))).hasToString("var_pop(x)");
        assertThat(functions.upper(col("s"))).hasToString("upper(s)");
        assertThat(functions.substring(col("s"), 1, 2)).hasToString("substring(s, 1, 2)");
        assertThat(functions.concat_ws("-", col("a"), col("b"))).hasToString("concat_ws(-, a, b)");
        assertThat(functions.coalesce(col("a"), lit(0))).hasToString("coalesce(a, 0)");
        assertThat(functions.greatest("a", "b")).hasToString("greatest(a, b)");
        assertThat(functions.date_add(col("d"), 3)).hasToString("date_add(d, 3)");
        assertThat(functions.round(col("x"), 2)).hasToString("round(x, 2)");
        assertThat(functions.isnull(col("x"))).hasToString("(x IS NULL)");
        assertThat(col("s").substr(2, 3)).hasToString("substr(s, 2, 3)");
        assertThat(col("a").isInCollection(java.util.List.of(1, 2))).hasToString("(a IN (1, 2))");
        assertThat(functions.row_number().over(Window.partitionBy("a").orderBy(col("b").desc())))
                .hasToString("row_number() OVER (PARTITION BY a ORDER BY b DESC NULLS LAST)");
        assertThat(functions.count("*").over()).hasToString("count(1) OVER ()");
    }

    @Test
    void misuseOfCaseWhenAndBadTypesAreClearErrors() {
        assertThatThrownBy(() -> col("a").otherwise(1))
                .hasMessage("otherwise() can only be applied on a Column previously generated by when() function");
        assertThatThrownBy(() -> when(col("a").gt(1), 1).otherwise(2).otherwise(3))
                .hasMessageContaining("otherwise() can only be applied once");
        assertThatThrownBy(() -> col("a").cast("varchar2"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("[UNSUPPORTED_DATATYPE] Unsupported data type \"varchar2\"");
    }

    @Test
    void literalsAreTypedAsSpark() {
        assertThat(literal(lit(1))).isEqualTo(new Literal(DataTypes.IntegerType, 1));
        assertThat(literal(lit(1L))).isEqualTo(new Literal(DataTypes.LongType, 1L));
        assertThat(literal(lit(2.5))).isEqualTo(new Literal(DataTypes.DoubleType, 2.5));
        assertThat(literal(lit(1.1f))).isEqualTo(new Literal(DataTypes.DoubleType, 1.1));
        assertThat(literal(lit("s"))).isEqualTo(new Literal(DataTypes.StringType, "s"));
        assertThat(literal(lit(true))).isEqualTo(new Literal(DataTypes.BooleanType, true));
        assertThat(literal(lit(null))).isEqualTo(Literal.nullOf(DataTypes.NullType));
        assertThat(literal(lit(Date.valueOf("1970-01-11")))).isEqualTo(new Literal(DataTypes.DateType, 10));
        assertThat(literal(lit(LocalDate.of(1969, 12, 31)))).isEqualTo(new Literal(DataTypes.DateType, -1));
        assertThat(literal(lit(Timestamp.from(Instant.parse("1970-01-01T00:00:01.000002Z")))))
                .isEqualTo(new Literal(DataTypes.TimestampType, 1_000_002L));
        Column c = col("a");
        assertThat(lit(c)).isSameAs(c);
        assertThatThrownBy(() -> lit(new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[UNSUPPORTED_FEATURE.LITERAL_TYPE]");
    }

    @Test
    void decimalLiteralsGetTheSmallestDecimalTypeHoldingThem() {
        assertThat(literal(lit(new BigDecimal("123.45"))).dataType()).isEqualTo(new DecimalType(5, 2));
        assertThat(literal(lit(new BigDecimal("0.5"))).dataType()).isEqualTo(new DecimalType(1, 1));
        assertThat(literal(lit(new BigDecimal("-0.005"))).dataType()).isEqualTo(new DecimalType(3, 3));
        assertThat(literal(lit(new BigDecimal("1E+3"))).dataType()).isEqualTo(new DecimalType(4, 0));
        assertThat(literal(lit(new BigDecimal("42"))).dataType()).isEqualTo(new DecimalType(2, 0));
        assertThat(literal(lit(new BigDecimal("42"))).value()).isEqualTo(new BigDecimal("42"));
        assertThatThrownBy(() -> lit(new BigDecimal("1" + "0".repeat(40))))
                .hasMessageContaining("exceeds max precision 38");
    }

    @Test
    void columnsAreEqualWhenTheirExpressionsAre() {
        assertThat(col("a").plus(1)).isEqualTo(col("a").plus(1)).hasSameHashCodeAs(col("a").plus(1));
        assertThat(col("a").plus(1)).isNotEqualTo(col("a").plus(2));
    }

    private static Literal literal(Column c) {
        return ((LiteralValue) c.expr()).literal();
    }
}
