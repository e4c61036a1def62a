package io.updraft.sql;

import io.updraft.coordinator.output.CommitManifest;
import io.updraft.core.error.AnalysisException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code Dataset.write()} end to end in local mode: Parquet read back by Updraft and by DuckDB with the same rows
 * and schema, save modes with Spark's errors, partitionBy folders, the text formats.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataFrameWriterTest {
    @TempDir
    static Path dir;

    private TestTables t;
    private Dataset<Row> emp;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        emp = t.table("emp");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    private static List<String> files(Path folder) throws Exception {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).map(p -> folder.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void parquetRoundTripsThroughUpdraftAndDuckDb() throws Exception {
        Path out = dir.resolve("emp-copy");
        emp.write().parquet(out.toString());
        List<String> files = files(out);
        assertThat(files).contains("_SUCCESS").noneMatch(f -> f.startsWith("_temporary"));
        assertThat(files.stream().filter(f -> f.endsWith(".snappy.parquet")))
                .allMatch(f -> f.matches("part-\\d{5}-[0-9a-f-]{36}-c000\\.snappy\\.parquet")).hasSize(2);
        Dataset<Row> back = t.spark.read().parquet(out.toString());
        assertThat(back.schema().simpleString()).isEqualTo(emp.schema().simpleString());
        t.assertSameAnyOrder(back, "SELECT * FROM emp");
        t.duck.execute("CREATE OR REPLACE VIEW emp_copy AS SELECT * FROM read_parquet('" + out + "/*.parquet')");
        assertThat(t.queryLong("SELECT count(*) FROM (SELECT * FROM emp EXCEPT ALL SELECT * FROM emp_copy)"))
                .isZero();
        assertThat(t.queryLong("SELECT count(*) FROM emp_copy")).isEqualTo(100);
        CommitManifest manifest = CommitManifest.fromJson(Files.readAllBytes(out.resolve("_SUCCESS")));
        assertThat(manifest.files().stream().mapToLong(CommitManifest.Entry::rows).sum()).isEqualTo(100);
    }

    @Test
    void saveModesAsSpark() throws Exception {
        Path out = dir.resolve("modes");
        Dataset<Row> some = emp.select(col("id"), col("name")).filter(col("id").lt(10));
        some.write().mode(SaveMode.ErrorIfExists).parquet(out.toString());
        assertThatThrownBy(() -> some.write().parquet(out.toString())).isInstanceOf(AnalysisException.class)
                .hasMessage("[PATH_ALREADY_EXISTS] Path file:" + out + " already exists. Set mode as \"overwrite\" "
                        + "to overwrite the existing path. SQLSTATE: 42K04");
        some.write().mode("ignore").parquet(out.toString());
        assertThat(t.spark.read().parquet(out.toString()).count()).isEqualTo(10);
        some.write().mode("append").parquet(out.toString());
        assertThat(t.spark.read().parquet(out.toString()).count()).isEqualTo(20);
        some.filter(col("id").lt(3)).write().mode(SaveMode.Overwrite).parquet(out.toString());
        assertThat(t.spark.read().parquet(out.toString()).count()).isEqualTo(3);
        assertThatThrownBy(() -> some.write().mode("sometimes")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("INVALID_SAVE_MODE");
        assertThatThrownBy(() -> some.write().format("orc").save(dir.resolve("orc").toString()))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("DATA_SOURCE_NOT_FOUND");
    }

    @Test
    void partitionByMakesHiveFoldersWithoutThePartitionColumns() throws Exception {
        Path out = dir.resolve("by-dept");
        emp.select(col("id"), col("dept")).write().partitionBy("dept").parquet(out.toString());
        List<String> folders = files(out).stream().filter(f -> f.contains("/")).map(f -> f.substring(0,
                f.indexOf('/'))).distinct().toList();
        assertThat(folders).containsExactlyInAnyOrder("dept=eng", "dept=ops", "dept=sales",
                "dept=__HIVE_DEFAULT_PARTITION__");
        assertThat(t.queryLong("SELECT count(*) FROM read_parquet('" + out + "/dept=eng/*.parquet')"))
                .isEqualTo(t.queryLong("SELECT count(*) FROM emp WHERE dept = 'eng'"));
        assertThat(t.duck.query("SELECT DISTINCT name FROM parquet_schema('" + out + "/dept=eng/*.parquet') WHERE name <> "
                + "'spark_schema'")).containsExactly(List.of("id"));
        assertThatThrownBy(() -> emp.write().partitionBy("nope").parquet(dir.resolve("x").toString()))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("Partition column `nope` not found");
    }

    @Test
    void csvJsonAndTextOutputs() throws Exception {
        Dataset<Row> few = emp.select(col("id"), col("dept")).filter(col("id").lt(3)).orderBy(col("id"));
        Path csv = dir.resolve("csv");
        few.write().option("header", true).csv(csv.toString());
        String csvText = String.join("", files(csv).stream().filter(f -> f.endsWith(".csv")).map(f -> {
            try {
                return Files.readString(csv.resolve(f));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList());
        assertThat(csvText.lines().filter(l -> !l.equals("id,dept")).toList())
                .containsExactly("0,sales", "1,eng", "2,eng");
        Path json = dir.resolve("json");
        few.write().json(json.toString());
        assertThat(t.duck.query("SELECT CAST(id AS VARCHAR) || ':' || dept FROM read_json_auto('" + json
                + "/*.json') ORDER BY id")).containsExactly(List.of("0:sales"), List.of("1:eng"), List.of("2:eng"));
        Path text = dir.resolve("text");
        few.select(col("dept")).write().text(text.toString());
        assertThat(files(text)).anyMatch(f -> f.endsWith(".txt"));
    }

    @Test
    void insertOverwriteDirectoryWritesTheQuerysRows() throws Exception {
        Path out = dir.resolve("sql-out");
        emp.createOrReplaceTempView("emp_view");
        t.spark.sql("INSERT OVERWRITE DIRECTORY '" + out + "' USING parquet OPTIONS (compression 'gzip') "
                + "SELECT id, name FROM emp_view WHERE id < 10");
        assertThat(files(out)).contains("_SUCCESS").anyMatch(f -> f.endsWith(".gz.parquet"));
        assertThat(t.spark.read().parquet(out.toString()).count()).isEqualTo(10);
        t.spark.sql("INSERT OVERWRITE DIRECTORY USING csv OPTIONS (path '" + out + "', header 'true') "
                + "SELECT id FROM emp_view WHERE id < 3");
        assertThat(files(out)).noneMatch(f -> f.endsWith(".parquet")).anyMatch(f -> f.endsWith(".csv"));
        assertThatThrownBy(() -> t.spark.sql("INSERT OVERWRITE DIRECTORY '" + out + "' SELECT 1"))
                .isInstanceOf(io.updraft.core.error.ParseException.class).hasMessageContaining("USING format");
    }
}
