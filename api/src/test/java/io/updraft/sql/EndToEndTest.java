package io.updraft.sql;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Date;
import java.util.Arrays;

import static io.updraft.sql.DuckDbOracle.assertSameRows;
import static io.updraft.sql.DuckDbOracle.rows;
import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.max;
import static io.updraft.sql.functions.min;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Reads Parquet files DuckDB wrote and checks every answer against DuckDB on the same files. The
 * session is closed after all tests, which fails if any task leaked Arrow memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndToEndTest {
    /** 10 000 sales rows in two files of five 1 000-row row groups each; region and discount have nulls. */
    private static final String SALES = """
            SELECT i::INTEGER AS id,
                   CASE i % 4 WHEN 0 THEN 'EU' WHEN 1 THEN 'US' WHEN 2 THEN 'ASIA' ELSE NULL END AS region,
                   (i * 7 % 50)::BIGINT AS qty,
                   CAST((i % 1000) / 10 AS DECIMAL(10,2)) AS price,
                   CASE WHEN i % 10 = 0 THEN NULL ELSE ((i % 13) / 100)::DOUBLE END AS discount,
                   DATE '1994-01-01' + (i % 365)::INTEGER AS ship,
                   i % 3 = 0 AS flag,
                   'name-' || i AS name
            FROM range(FIRST, LAST) t(i)""";

    @TempDir
    static Path dir;

    private DuckDbOracle duck;
    private UpdraftSession spark;
    private String sales;
    private String tiny;
    private Dataset<Row> df;

    @BeforeAll
    void writeDataAndStartSession() throws Exception {
        duck = new DuckDbOracle();
        Path salesDir = Files.createDirectories(dir.resolve("sales"));
        duck.writeParquet(SALES.replace("FIRST", "0").replace("LAST", "5000"), salesDir.resolve("part-0.parquet"), 1000);
        duck.writeParquet(SALES.replace("FIRST", "5000").replace("LAST", "10000"), salesDir.resolve("part-1.parquet"), 1000);
        Files.writeString(salesDir.resolve("_SUCCESS"), "");
        sales = "read_parquet('" + salesDir + "/*.parquet')";
        Path tinyFile = dir.resolve("tiny.parquet");
        duck.writeParquet("SELECT * FROM (VALUES (1, 'a', 1.50::DECIMAL(5,2)), (2, NULL, 20.00::DECIMAL(5,2)), "
                + "(3, 'a long string value here', NULL)) t(id, s, d)", tinyFile, 100);
        tiny = tinyFile.toString();
        spark = UpdraftSession.builder().appName("e2e").master("local[2]")
                .config("spark.ui.showConsoleProgress", false).create();
        df = spark.read().parquet(salesDir.toString());
    }

    @AfterAll
    void stopSessionFailingOnLeaks() throws Exception {
        if (spark != null) {
            spark.stop();
        }
        if (duck != null) {
            duck.close();
        }
    }

    @Test
    void schemaComesFromTheFooters() {
        assertThat(df.columns()).containsExactly("id", "region", "qty", "price", "discount", "ship", "flag", "name");
        assertThat(Arrays.stream(df.dtypes()).map(Tuple2::_2)).containsExactly("IntegerType", "StringType",
                "LongType", "DecimalType(10,2)", "DoubleType", "DateType", "BooleanType", "StringType");
        assertThat(df.schema().treeString()).startsWith("root\n |-- id: integer (nullable = true)\n");
    }

    @Test
    void countMatchesDuckDb() throws Exception {
        assertThat(df.count()).isEqualTo(10_000);
        long expected = ((BigDecimal) duck.query("SELECT count(*) FROM " + sales + " WHERE qty > 40").get(0).get(0))
                .longValue();
        assertThat(df.filter(col("qty").gt(40)).count()).isEqualTo(expected);
    }

    @Test
    void filterAndSelectMatchDuckDb() throws Exception {
        Dataset<Row> result = df.filter(col("qty").gt(40).and(col("region").equalTo("EU")))
                .select(col("id"), col("price"), col("discount")).orderBy("id");
        assertSameRows(rows(result.collect()), duck.query("SELECT id, price, discount FROM " + sales
                + " WHERE qty > 40 AND region = 'EU' ORDER BY id"));
    }

    @Test
    void nullTestsAndInListsMatchDuckDb() throws Exception {
        Dataset<Row> result = df.where(col("region").isNull().or(col("id").isin(1, 2, 3)))
                .filter(col("discount").isNotNull()).select("id", "region").orderBy(col("id").desc()).limit(20);
        assertSameRows(rows(result.collectAsList()), duck.query("SELECT id, region FROM " + sales
                + " WHERE (region IS NULL OR id IN (1, 2, 3)) AND discount IS NOT NULL ORDER BY id DESC LIMIT 20"));
    }

    @Test
    void withColumnComputesAndReplacesInPlace() throws Exception {
        Dataset<Row> result = df.withColumn("total", col("price").multiply(col("qty")))
                .withColumn("qty", col("qty").plus(1))
                .withColumnRenamed("name", "label")
                .drop("flag", "ship", "no_such_column")
                .filter(col("id").lt(50));
        assertThat(result.columns()).containsExactly("id", "region", "qty", "price", "discount", "label", "total");
        assertSameRows(rows(result.orderBy("id").collect()), duck.query("SELECT id, region, qty + 1, price, discount, "
                + "name, price * qty FROM " + sales + " WHERE id < 50 ORDER BY id"));
    }

    @Test
    void groupByAggregatesMatchDuckDb() throws Exception {
        Dataset<Row> result = df.groupBy("region")
                .agg(sum("qty"), avg("discount"), count("*"), count("discount"), min("price"), max("ship"))
                .orderBy("region");
        assertThat(result.columns()).containsExactly("region", "sum(qty)", "avg(discount)", "count(1)",
                "count(discount)", "min(price)", "max(ship)");
        assertSameRows(rows(result.collect()), duck.query("SELECT region, sum(qty), avg(discount), count(*), "
                + "count(discount), min(price), max(ship) FROM " + sales + " GROUP BY region ORDER BY region NULLS FIRST"));
    }

    @Test
    void groupedShortcutsMatchDuckDb() throws Exception {
        Dataset<Row> counts = df.groupBy(col("flag")).count().orderBy("flag");
        assertThat(counts.columns()).containsExactly("flag", "count");
        assertSameRows(rows(counts.collect()), duck.query("SELECT flag, count(*) FROM " + sales
                + " GROUP BY flag ORDER BY flag"));
        Dataset<Row> sums = df.groupBy("region").sum("qty", "price").orderBy("region");
        assertThat(sums.columns()).containsExactly("region", "sum(qty)", "sum(price)");
        assertSameRows(rows(sums.collect()), duck.query("SELECT region, sum(qty), sum(price) FROM " + sales
                + " GROUP BY region ORDER BY region NULLS FIRST"));
    }

    @Test
    void globalAggregateMatchesDuckDb() throws Exception {
        Dataset<Row> result = df.agg(sum("price"), max("qty"), avg("qty"));
        assertSameRows(rows(result.collect()), duck.query("SELECT sum(price), max(qty), avg(qty) FROM " + sales));
    }

    @Test
    void orderByWithNullsAndLimitMatchesDuckDb() throws Exception {
        Dataset<Row> result = df.orderBy(col("discount").desc(), col("id").asc()).select("id", "discount").limit(7);
        assertSameRows(rows(result.collect()), duck.query("SELECT id, discount FROM " + sales
                + " ORDER BY discount DESC NULLS LAST, id ASC LIMIT 7"));
        Dataset<Row> nullsFirst = df.sort(col("discount").asc(), col("id").desc()).select("id", "discount").limit(3);
        assertSameRows(rows(nullsFirst.collect()), duck.query("SELECT id, discount FROM " + sales
                + " ORDER BY discount ASC NULLS FIRST, id DESC LIMIT 3"));
    }

    @Test
    void rowsCarryJavaTypesAndTheSchema() {
        Row row = df.filter(col("id").equalTo(4)).first();
        assertThat(row.<Integer>getAs("id")).isEqualTo(4);
        assertThat(row.getString(1)).isEqualTo("EU");
        assertThat(row.getLong(2)).isEqualTo(28L);
        assertThat(row.getDecimal(3)).isEqualTo(new BigDecimal("0.40"));
        assertThat(row.getDouble(4)).isEqualTo(0.04);
        assertThat(row.getDate(5)).isEqualTo(Date.valueOf("1994-01-05"));
        assertThat(row.getBoolean(6)).isFalse();
        assertThat(row.schema()).isEqualTo(df.schema());
    }

    @Test
    void headTakeAndIsEmpty() {
        assertThat(df.orderBy("id").head().getInt(0)).isZero();
        assertThat(df.orderBy("id").take(3)).extracting(r -> r.getInt(0)).containsExactly(0, 1, 2);
        assertThat(df.orderBy("id").head(2)).hasSize(2);
        assertThat(df.filter(col("id").lt(0)).isEmpty()).isTrue();
        assertThat(df.isEmpty()).isFalse();
        assertThatThrownBy(() -> df.filter(col("id").lt(0)).first())
                .isInstanceOf(java.util.NoSuchElementException.class);
        assertThat(df.select("name").as(Encoders.STRING()).orderBy("name").first()).isEqualTo("name-0");
    }

    @Test
    void showPrintsSparksLayout() {
        Dataset<Row> t = spark.read().parquet(tiny).orderBy("id");
        assertThat(t.showString(20, 20)).isEqualTo("""
                +---+--------------------+-----+
                | id|                   s|    d|
                +---+--------------------+-----+
                |  1|                   a| 1.50|
                |  2|                NULL|20.00|
                |  3|a long string val...| NULL|
                +---+--------------------+-----+
                """);
        assertThat(captureStdout(() -> t.show(2))).isEqualTo("""
                +---+----+-----+
                | id|   s|    d|
                +---+----+-----+
                |  1|   a| 1.50|
                |  2|NULL|20.00|
                +---+----+-----+
                only showing top 2 rows
                """);
        assertThat(captureStdout(() -> t.show(1, false))).isEqualTo("""
                +---+---+----+
                |id |s  |d   |
                +---+---+----+
                |1  |a  |1.50|
                +---+---+----+
                only showing top 1 row
                """);
    }

    @Test
    void sqlOverATempViewMatchesDuckDb() throws Exception {
        df.createOrReplaceTempView("sales");
        Dataset<Row> result = spark.sql("SELECT region, count(*) AS n, sum(qty) AS q FROM sales WHERE qty > 10 "
                + "GROUP BY region ORDER BY region");
        assertThat(result.columns()).containsExactly("region", "n", "q");
        assertSameRows(rows(result.collect()), duck.query("SELECT region, count(*), sum(qty) FROM " + sales
                + " WHERE qty > 10 GROUP BY region ORDER BY region NULLS FIRST"));
        assertThat(spark.table("SALES").filter(col("SALES.qty").gt(48)).count())
                .isEqualTo(df.filter(col("qty").gt(48)).count());
    }

    @Test
    void literalsAndArithmeticInSelect() throws Exception {
        Dataset<Row> result = df.filter(col("id").between(10, 12))
                .select(col("id"), col("qty").multiply(2).minus(lit(1)).alias("q2"),
                        col("price").plus(lit(new BigDecimal("0.5"))).as("p"), lit("x").as("tag"))
                .orderBy("id");
        assertThat(result.columns()).containsExactly("id", "q2", "p", "tag");
        assertSameRows(rows(result.collect()), duck.query("SELECT id, qty * 2 - 1, price + 0.5, 'x' FROM " + sales
                + " WHERE id BETWEEN 10 AND 12 ORDER BY id"));
    }

    @Test
    void explainAndPrintSchemaPrint() {
        String plan = captureStdout(() -> df.filter(col("qty").gt(1)).explain());
        assertThat(plan).isNotBlank();
        assertThat(captureStdout(df::printSchema)).startsWith("root\n |-- id: integer");
        assertThatThrownBy(() -> df.explain("verbose")).hasMessageContaining("Unknown explain mode: verbose");
    }

    @Test
    void progressLinesGoWhereTheBuilderSays() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (UpdraftSession s = UpdraftSession.builder().master("local[2]")
                .progressOutput(new PrintStream(out, true, StandardCharsets.UTF_8)).create()) {
            s.read().parquet(dir.resolve("sales").toString()).groupBy("region").count().collect();
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).containsPattern("\\[Stage 1/\\d+] .*: \\d+/\\d+ tasks, \\d+ rows, \\d+\\.\\d\\d s");
    }

    @Test
    void unreachableS3PathIsAUserErrorNamingIt() {
        // No credentials and no server here: listing fails, and the message names the path in one short line.
        assertThatThrownBy(() -> spark.read().parquet("s3://bucket/sales/"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageStartingWith("Cannot list s3://bucket/sales/: ")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(320).doesNotContain("\n"));
    }

    static String captureStdout(Runnable action) {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
