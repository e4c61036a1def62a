package io.updraft.sql;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code read()} of CSV, JSON and text end to end (listing, inference, planning, splitting, the engine's readers),
 * for the reader's own mechanics: options, schema strings, compressed input, line-boundary splits, partition folders
 * and pruning, errors. The answers to Spark-semantics questions (inferred types, malformed records) are checked
 * against Spark 4.2 itself by bench's {@code SparkReaderCasesTest}.
 */
class DataFrameReaderTest {
    @TempDir
    Path dir;

    private UpdraftSession spark;

    @BeforeEach
    void start() {
        spark = UpdraftSession.builder().master("local[2]").config("spark.ui.showConsoleProgress", "false").create();
    }

    @AfterEach
    void stop() {
        spark.stop();
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private static List<String> rows(Dataset<Row> df) {
        List<String> out = new ArrayList<>();
        for (Row r : df.collectAsList()) {
            out.add(r.toString());
        }
        return out;
    }

    @Test
    void csvWithHeaderAndInferSchema() throws Exception {
        Path f = write("a.csv", "id,name,price,day\n1,ab,1.5,2024-01-02\n2,,2.25,2024-02-03\n");
        Dataset<Row> df = spark.read().option("header", "true").option("INFERSCHEMA", true).csv(f.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<id:int,name:string,price:double,day:date>");
        assertThat(rows(df.orderBy("id"))).containsExactly("[1,ab,1.5,2024-01-02]", "[2,null,2.25,2024-02-03]");
    }

    @Test
    void csvOptionKeysAreCaseInsensitiveAndTheLastWins() throws Exception {
        Path f = write("a.csv", "x;y\n1;2\n");
        Dataset<Row> df = spark.read().format("CSV").options(Map.of("Header", "false")).option("HEADER", "true")
                .option("sep", ";").load(f.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<x:string,y:string>");
        assertThat(rows(df)).containsExactly("[1,2]");
    }

    @Test
    void aDdlSchemaReadsCsvColumnsByPosition() throws Exception {
        Path f = write("a.csv", "1,x\n2,y\n");
        Dataset<Row> df = spark.read().schema("n BIGINT, s STRING").csv(f.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<n:bigint,s:string>");
        assertThat(rows(df.filter(col("n").gt(1)))).containsExactly("[2,y]");
    }

    @Test
    void jsonLinesInferFieldsSortedByName() throws Exception {
        Path f = write("a.json", "{\"b\":1,\"a\":\"x\"}\n{\"b\":2.5,\"c\":true}\n");
        Dataset<Row> df = spark.read().json(f.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<a:string,b:double,c:boolean>");
        assertThat(rows(df)).containsExactlyInAnyOrder("[x,1.0,null]", "[null,2.5,true]");
    }

    @Test
    void textHasOneValueColumn() throws Exception {
        Path f = write("a.txt", "one\ntwo\r\nthree");
        Dataset<Row> df = spark.read().text(f.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<value:string>");
        assertThat(rows(df)).containsExactlyInAnyOrder("[one]", "[two]", "[three]");
        assertThat(spark.read().option("wholetext", true).text(f.toString()).count()).isEqualTo(1);
        Dataset<String> lines = spark.read().textFile(f.toString());
        assertThat(lines.columns()).containsExactly("value");
        assertThat(lines.collectAsList()).containsExactlyInAnyOrder("one", "two", "three");
    }

    @Test
    void gzipInputIsDecompressedByExtension() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write("a,b\n1,2\n3,4\n".getBytes(StandardCharsets.UTF_8));
        }
        Path f = dir.resolve("a.csv.gz");
        Files.write(f, bytes.toByteArray());
        Dataset<Row> df = spark.read().option("header", true).option("inferSchema", true).csv(f.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<a:int,b:int>");
        assertThat(df.count()).isEqualTo(2);
    }

    @Test
    void aLargeFileIsSplitAtLineBoundariesWithoutLosingOrRepeatingLines() throws Exception {
        StringBuilder b = new StringBuilder("id,text\n");
        for (int i = 0; i < 5000; i++) {
            b.append(i).append(",line number ").append(i).append('\n');
        }
        Path f = write("big.csv", b.toString());
        spark.conf().set("spark.sql.files.maxPartitionBytes", "4096");
        Dataset<Row> df = spark.read().option("header", true).schema("id INT, text STRING").csv(f.toString());
        List<Row> all = df.collectAsList();
        assertThat(all).hasSize(5000);
        assertThat(all.stream().map(r -> r.getInt(0)).distinct().count()).isEqualTo(5000);
        assertThat(df.agg(functions.sum("id")).first().getLong(0)).isEqualTo(5000L * 4999 / 2);
    }

    @Test
    void partitionFoldersBecomeTypedColumnsLastAndPrune() throws Exception {
        write("t/year=2024/month=1/a.csv", "1,x\n");
        write("t/year=2024/month=2/a.csv", "2,y\n");
        write("t/year=2025/month=1/a.csv", "not a number,z\n");
        Dataset<Row> df = spark.read().schema("id INT, s STRING").option("mode", "FAILFAST")
                .csv(dir.resolve("t").toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<id:int,s:string,year:int,month:int>");
        // the malformed file is in year=2025: only a read that prunes that folder succeeds
        assertThat(rows(df.filter(col("year").equalTo(2024)).orderBy("id")))
                .containsExactly("[1,x,2024,1]", "[2,y,2024,2]");
        assertThat(rows(df.filter(col("month").lt(2).and(col("year").leq(2024)))))
                .containsExactly("[1,x,2024,1]");
        assertThatThrownBy(() -> df.filter(col("month").equalTo(1)).collectAsList())
                .hasMessageContaining("year=2025");
    }

    @Test
    void basePathMakesTheFoldersAboveAPartitionFolderCount() throws Exception {
        write("t/k=a/x.json", "{\"v\":1}\n");
        write("t/k=b/x.json", "{\"v\":2}\n");
        Dataset<Row> df = spark.read().option("basePath", dir.resolve("t").toString())
                .json(dir.resolve("t/k=b").toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<v:bigint,k:string>");
        assertThat(rows(df)).containsExactly("[2,b]");
    }

    @Test
    void globsExpand() throws Exception {
        write("g/a1.csv", "1\n");
        write("g/a2.csv", "2\n");
        write("g/b1.csv", "3\n");
        assertThat(spark.read().csv(dir.resolve("g/a*.csv").toString()).count()).isEqualTo(2);
        assertThat(spark.read().csv(dir.resolve("g/{a1,b1}.csv").toString()).count()).isEqualTo(2);
    }

    @Test
    void failFastNamesTheFileAndLine() throws Exception {
        Path f = write("bad.csv", "1,2\nx,3\n");
        Dataset<Row> df = spark.read().schema("a INT, b INT").option("mode", "FAILFAST").csv(f.toString());
        assertThatThrownBy(df::collectAsList)
                .isInstanceOf(UpdraftException.class)
                .satisfies(e -> assertThat(((UpdraftException) e).type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("[FAILED_READ_FILE.NO_HINT]")
                .hasMessageContaining(f.toString())
                .hasMessageContaining("line 2")
                .hasMessageContaining("[MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION]");
    }

    @Test
    void anUnknownFormatIsAUserError() {
        assertThatThrownBy(() -> spark.read().format("avro").load(dir.toString()))
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("[DATA_SOURCE_NOT_FOUND]");
    }
}
