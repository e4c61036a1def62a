package io.updraft.sql.format;

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
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JsonLinesFormatterTest {
    @Test
    void writesOneObjectPerRowLeavingOutNulls() {
        StructType schema = new StructType(List.of()).add("k", DataTypes.LongType).add("s", DataTypes.StringType)
                .add("d", DataTypes.createDecimalType(38, 6)).add("day", DataTypes.DateType)
                .add("x", DataTypes.DoubleType).add("b", DataTypes.BooleanType);
        List<Row> rows = List.of(
                Row.of(1L, "say \"hi\"\n\\", new BigDecimal("25.537587"), Date.valueOf("1994-01-01"), 0.5, false),
                Row.of(2L, null, new BigDecimal("1E-7").setScale(7), null, Double.NaN, null),
                Row.of(null, null, null, null, null, null));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new JsonLinesFormatter().write(schema, rows, ZoneOffset.UTC, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
                "{\"k\":1,\"s\":\"say \\\"hi\\\"\\n\\\\\",\"d\":25.537587,\"day\":\"1994-01-01\",\"x\":0.5,\"b\":false}\n"
                        + "{\"k\":2,\"d\":0.0000001,\"x\":\"NaN\"}\n"
                        + "{}\n");
    }

    @Test
    void writesArraysAsJsonArraysWithNullElements() {
        StructType schema = new StructType(List.of())
                .add("xs", DataTypes.createArrayType(DataTypes.LongType))
                .add("ss", DataTypes.createArrayType(DataTypes.StringType))
                .add("ds", DataTypes.createArrayType(DataTypes.createDecimalType(10, 2)));
        List<Row> rows = List.of(
                Row.of(java.util.Arrays.asList(1L, null, 3L), List.of("a,b", "say \"hi\""),
                        List.of(new BigDecimal("1E+1").setScale(2))),
                Row.of(List.of(), null, java.util.Arrays.asList((Object) null)));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new JsonLinesFormatter().write(schema, rows, ZoneOffset.UTC, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
                "{\"xs\":[1,null,3],\"ss\":[\"a,b\",\"say \\\"hi\\\"\"],\"ds\":[10.00]}\n"
                        + "{\"xs\":[],\"ds\":[null]}\n");
    }
}
