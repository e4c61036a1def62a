package io.updraft.sql;

import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ShowStringTest {
    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final StructType FRUIT = new StructType(List.of())
            .add("id", DataTypes.IntegerType)
            .add("name", DataTypes.StringType)
            .add("price", DataTypes.createDecimalType(10, 2))
            .add("ratio", DataTypes.DoubleType);
    private static final List<Row> FRUIT_ROWS = List.of(
            Row.of(1, "apple", new BigDecimal("1.50"), 0.5),
            Row.of(22, null, new BigDecimal("100.00"), 1.0E10),
            Row.of(333, "a very long fruit name indeed", null, -0.25));

    @Test
    void rightAlignsAndTruncatesAtTwentyCharacters() {
        assertThat(ShowString.format(FRUIT, FRUIT_ROWS, 20, 20, false, UTC)).isEqualTo("""
                +---+--------------------+------+------+
                | id|                name| price| ratio|
                +---+--------------------+------+------+
                |  1|               apple|  1.50|   0.5|
                | 22|                NULL|100.00|1.0E10|
                |333|a very long fruit...|  NULL| -0.25|
                +---+--------------------+------+------+
                """);
    }

    @Test
    void truncateZeroKeepsCellsWholeAndLeftAligns() {
        assertThat(ShowString.format(FRUIT, FRUIT_ROWS, 20, 0, false, UTC)).isEqualTo("""
                +---+-----------------------------+------+------+
                |id |name                         |price |ratio |
                +---+-----------------------------+------+------+
                |1  |apple                        |1.50  |0.5   |
                |22 |NULL                         |100.00|1.0E10|
                |333|a very long fruit name indeed|NULL  |-0.25 |
                +---+-----------------------------+------+------+
                """);
    }

    @Test
    void trailerSaysHowManyRowsAreShownWhenMoreExist() {
        assertThat(ShowString.format(FRUIT, FRUIT_ROWS, 2, 20, false, UTC)).isEqualTo("""
                +---+-----+------+------+
                | id| name| price| ratio|
                +---+-----+------+------+
                |  1|apple|  1.50|   0.5|
                | 22| NULL|100.00|1.0E10|
                +---+-----+------+------+
                only showing top 2 rows""");
        assertThat(ShowString.format(FRUIT, FRUIT_ROWS, 1, 20, false, UTC)).endsWith("+\nonly showing top 1 row");
        assertThat(ShowString.format(FRUIT, FRUIT_ROWS.subList(0, 2), 2, 20, false, UTC)).endsWith("+\n");
    }

    @Test
    void minimumColumnWidthIsThreeAndAnEmptyResultKeepsTheHeader() {
        StructType schema = new StructType(List.of()).add("a", DataTypes.LongType);
        assertThat(ShowString.format(schema, List.of(), 20, 20, false, UTC)).isEqualTo("""
                +---+
                |  a|
                +---+
                +---+
                """);
        assertThat(ShowString.format(schema, List.of(Row.of(7L)), 0, 20, false, UTC)).isEqualTo("""
                +---+
                |  a|
                +---+
                +---+
                only showing top 0 rows""");
    }

    @Test
    void truncateBelowFourCutsWithoutEllipsis() {
        StructType schema = new StructType(List.of()).add("fruit", DataTypes.StringType);
        assertThat(ShowString.format(schema, List.of(Row.of("apple")), 20, 3, false, UTC)).isEqualTo("""
                +-----+
                |fruit|
                +-----+
                |  app|
                +-----+
                """);
        assertThat(ShowString.format(schema, List.of(Row.of("pineapple")), 20, 5, false, UTC))
                .contains("|pi...|");
    }

    @Test
    void datesTimestampsAndBooleansAsSparkCastsThem() {
        StructType schema = new StructType(List.of()).add("d", DataTypes.DateType)
                .add("ts", DataTypes.TimestampType).add("ok", DataTypes.BooleanType);
        List<Row> rows = List.of(
                Row.of(Date.valueOf("2024-02-29"), Timestamp.from(Instant.parse("2024-02-29T23:59:59.123400Z")), true),
                Row.of(Date.valueOf("1969-12-31"), Timestamp.from(Instant.parse("1969-12-31T00:00:00Z")), false),
                Row.of(null, Timestamp.from(Instant.parse("2000-01-01T12:00:00.000001Z")), null));

        assertThat(ShowString.format(schema, rows, 20, 30, false, UTC)).isEqualTo("""
                +----------+--------------------------+-----+
                |         d|                        ts|   ok|
                +----------+--------------------------+-----+
                |2024-02-29|  2024-02-29 23:59:59.1234| true|
                |1969-12-31|       1969-12-31 00:00:00|false|
                |      NULL|2000-01-01 12:00:00.000001| NULL|
                +----------+--------------------------+-----+
                """);
    }

    @Test
    void longTimestampsAreCutLikeAnyCell() {
        StructType schema = new StructType(List.of()).add("ts", DataTypes.TimestampType);
        assertThat(ShowString.format(schema, List.of(Row.of(Timestamp.from(Instant.parse("2024-02-29T23:59:59.1234Z")))),
                20, 20, false, UTC)).contains("|2024-02-29 23:59:...|");
    }

    @Test
    void timestampsShowInTheSessionTimeZone() {
        Instant instant = Instant.parse("2024-07-01T02:30:00.5Z");
        assertThat(ShowString.cell(Timestamp.from(instant), DataTypes.TimestampType,
                ZoneId.of("America/Los_Angeles"))).isEqualTo("2024-06-30 19:30:00.5");
        assertThat(ShowString.cell(instant, DataTypes.TimestampType, ZoneId.of("Asia/Kolkata")))
                .isEqualTo("2024-07-01 08:00:00.5");
    }

    @Test
    void decimalsKeepTheirScaleInPlainNotationAndDoublesPrintAsJava() {
        assertThat(ShowString.cell(new BigDecimal("1E-10").setScale(12), DataTypes.createDecimalType(20, 12), UTC))
                .isEqualTo("0.000000000100");
        assertThat(ShowString.cell(new BigDecimal("0.00"), DataTypes.createDecimalType(3, 2), UTC)).isEqualTo("0.00");
        assertThat(ShowString.cell(1.0E-5, DataTypes.DoubleType, UTC)).isEqualTo("1.0E-5");
        assertThat(ShowString.cell(123456.789, DataTypes.DoubleType, UTC)).isEqualTo("123456.789");
        assertThat(ShowString.cell(Double.NaN, DataTypes.DoubleType, UTC)).isEqualTo("NaN");
        assertThat(ShowString.cell(-0.0, DataTypes.DoubleType, UTC)).isEqualTo("-0.0");
        assertThat(ShowString.cell(Long.MIN_VALUE, DataTypes.LongType, UTC)).isEqualTo("-9223372036854775808");
    }

    @Test
    void controlCharactersAreEscapedSoTheLayoutHolds() {
        StructType schema = new StructType(List.of()).add("a\tb", DataTypes.StringType);
        assertThat(ShowString.format(schema, List.of(Row.of("line1\nline2")), 20, 20, false, UTC)).isEqualTo("""
                +------------+
                |        a\\tb|
                +------------+
                |line1\\nline2|
                +------------+
                """);
    }

    @Test
    void fullWidthCharactersCountTwice() {
        StructType schema = new StructType(List.of()).add("city", DataTypes.StringType);
        assertThat(ShowString.format(schema, List.of(Row.of("東京"), Row.of("Paris")), 20, 20, false, UTC))
                .isEqualTo("""
                        +-----+
                        | city|
                        +-----+
                        | 東京|
                        |Paris|
                        +-----+
                        """);
    }

    @Test
    void verticalShowsOneBlockPerRow() {
        StructType schema = new StructType(List.of()).add("a", DataTypes.IntegerType).add("b", DataTypes.StringType);
        assertThat(ShowString.format(schema, List.of(Row.of(1, "x"), Row.of(2, "yy"), Row.of(3, "z")), 2, 20, true,
                UTC)).isEqualTo("""
                -RECORD 0--
                 a   | 1  \s
                 b   | x  \s
                -RECORD 1--
                 a   | 2  \s
                 b   | yy \s
                only showing top 2 rows""");
        assertThat(ShowString.format(schema, List.of(), 20, 20, true, UTC)).isEqualTo("(0 rows)");
    }
}
