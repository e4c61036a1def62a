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
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CsvFormatterTest {
    @Test
    void quotesOnlyFieldsWithCommaQuoteOrLineBreakAndDoublesQuotesAndKeepsBlanks() {
        StructType schema = new StructType(List.of()).add("s", DataTypes.StringType);
        String csv = write(schema, List.of(Row.of("plain"), Row.of("a,b"), Row.of("say \"hi\""), Row.of("two\nlines"),
                Row.of("cr\rhere"), Row.of(" spaced "), Row.of("")));

        assertThat(csv).isEqualTo("s\nplain\n\"a,b\"\n\"say \"\"hi\"\"\"\n\"two\nlines\"\n\"cr\rhere\"\n spaced \n\"\"\n"); // blanks kept, unquoted as Spark writes them
    }

    @Test
    void nullIsAnEmptyFieldAndTheHeaderIsQuotedLikeData() {
        StructType schema = new StructType(List.of()).add("a,b", DataTypes.IntegerType).add("c", DataTypes.StringType)
                .add("d", DataTypes.LongType);
        assertThat(write(schema, List.of(Row.of(null, null, 7L), Row.of(1, "x", null))))
                .isEqualTo("\"a,b\",c,d\n,,7\n1,x,\n");
    }

    @Test
    void rendersDecimalsPlainDoublesAsJavaDatesAndTimestampsAsSpark() {
        StructType schema = new StructType(List.of()).add("dec", DataTypes.createDecimalType(38, 10))
                .add("small", DataTypes.createDecimalType(10, 8)).add("dbl", DataTypes.DoubleType)
                .add("big", DataTypes.DoubleType).add("day", DataTypes.DateType).add("ts", DataTypes.TimestampType)
                .add("ts2", DataTypes.TimestampType).add("flag", DataTypes.BooleanType);
        Row row = Row.of(new BigDecimal("1E+3").setScale(2), new BigDecimal("0.00000001"), 0.1 + 0.2, 1e10,
                Date.valueOf("1998-09-02"), Timestamp.from(Instant.parse("2024-02-29T13:04:05.120Z")),
                Timestamp.from(Instant.EPOCH), true);

        assertThat(write(schema, List.of(row))).isEqualTo("dec,small,dbl,big,day,ts,ts2,flag\n"
                + "1000.00,0.00000001,0.30000000000000004,1.0E10,1998-09-02,2024-02-29 13:04:05.12,"
                + "1970-01-01 00:00:00,true\n");
    }

    @Test
    void anEmptyResultIsTheHeaderLineOnly() {
        StructType schema = new StructType(List.of()).add("x", DataTypes.IntegerType).add("y", DataTypes.StringType);
        assertThat(write(schema, List.of())).isEqualTo("x,y\n");
    }

    @Test
    void timestampsShowInTheSessionTimeZoneWithMicrosecondsWithoutTrailingZeros() {
        StructType schema = new StructType(List.of()).add("ts", DataTypes.TimestampType);
        Timestamp t = Timestamp.from(Instant.parse("2020-01-01T10:00:00.000001Z"));
        assertThat(write(schema, List.of(Row.of(t)))).isEqualTo("ts\n2020-01-01 10:00:00.000001\n");
        assertThat(write(schema, List.of(Row.of(t)), ZoneId.of("Europe/Paris")))
                .isEqualTo("ts\n2020-01-01 11:00:00.000001\n");
    }

    @Test
    void writesWhatTheFileWriterWritesWithTheSameOptions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        StructType schema = new StructType(List.of()).add("s", DataTypes.StringType).add("n", DataTypes.IntegerType)
                .add("d", DataTypes.createDecimalType(10, 2));
        List<Row> rows = List.of(Row.of("say \"hi\", twice", 1, new BigDecimal("1.50")), Row.of("", null, null),
                Row.of(null, -2, new BigDecimal("0.00")), Row.of(" padded ", 3, new BigDecimal("10.00")));
        try (io.updraft.sql.UpdraftSession spark = io.updraft.sql.UpdraftSession.builder().master("local[1]")
                .config("spark.ui.showConsoleProgress", "false").create()) {
            spark.createDataFrame(rows, schema).write().options(CsvFormatter.OPTIONS).csv(dir.resolve("out").toString());
        }
        java.nio.file.Path file;
        try (var files = java.nio.file.Files.list(dir.resolve("out"))) {
            file = files.filter(f -> f.getFileName().toString().endsWith(".csv")).findFirst().orElseThrow();
        }
        assertThat(write(schema, rows)).isEqualTo(java.nio.file.Files.readString(file))
                .isEqualTo("s,n,d\n\"say \"\"hi\"\", twice\",1,1.50\n\"\",,\n,-2,0.00\n padded ,3,10.00\n");
    }

    static String write(StructType schema, List<Row> rows) {
        return write(schema, rows, ZoneOffset.UTC);
    }

    static String write(StructType schema, List<Row> rows, ZoneId zone) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CsvFormatter().write(schema, rows, zone, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
