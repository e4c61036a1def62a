package io.updraft.cli.format;

import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TableFormatterTest {
    @Test
    void printsEveryRowLeftAlignedWithoutTruncation() {
        StructType schema = new StructType(List.of()).add("l_returnflag", DataTypes.StringType)
                .add("n", DataTypes.LongType).add("d", DataTypes.createDecimalType(15, 2))
                .add("day", DataTypes.DateType).add("comment", DataTypes.StringType);
        List<Row> rows = List.of(
                Row.of("A", 1478493L, new BigDecimal("0.05"), Date.valueOf("1998-09-02"),
                        "a comment that is longer than twenty characters"),
                Row.of("N", 7L, null, null, "x"));

        assertThat(write(schema, rows)).isEqualTo("""
                +------------+-------+----+----------+-----------------------------------------------+
                |l_returnflag|n      |d   |day       |comment                                        |
                +------------+-------+----+----------+-----------------------------------------------+
                |A           |1478493|0.05|1998-09-02|a comment that is longer than twenty characters|
                |N           |7      |NULL|NULL      |x                                              |
                +------------+-------+----+----------+-----------------------------------------------+
                """);
    }

    @Test
    void showsMoreThanTwentyRowsWithoutATrailer() {
        StructType schema = new StructType(List.of()).add("i", DataTypes.IntegerType);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            rows.add(Row.of(i));
        }
        String text = write(schema, rows);
        assertThat(text.lines()).hasSize(25 + 4);
        assertThat(text).contains("|24 |").doesNotContain("only showing");
    }

    private static String write(StructType schema, List<Row> rows) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new TableFormatter().write(schema, rows, ZoneOffset.UTC, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
