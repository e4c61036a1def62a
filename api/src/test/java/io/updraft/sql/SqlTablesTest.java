package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ParseException;
import io.updraft.core.error.UpdraftException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The session catalog's tables over files and the session commands through {@code session.sql}: CREATE TABLE
 * [AS SELECT], INSERT INTO / OVERWRITE, DROP TABLE, DESCRIBE, SHOW TABLES, SET, EXPLAIN, with Spark's result
 * columns and error classes (the same statements against Spark 4.2 itself: bench's SparkReaderCasesTest, the
 * {@code sql_table_*} cases).
 */
class SqlTablesTest {
    @TempDir
    Path dir;

    private UpdraftSession spark;

    @BeforeEach
    void start() {
        spark = UpdraftSession.builder().master("local[2]").config("spark.ui.showConsoleProgress", "false")
                .config(RuntimeConfig.TIME_ZONE, "UTC").create();
    }

    @AfterEach
    void stop() {
        spark.stop();
    }

    private List<Row> rows(String sql) {
        return spark.sql(sql).collectAsList();
    }

    @Test
    void createTableAsSelectWritesTheFilesAndInsertsAppendOrOverwrite() {
        Path t = dir.resolve("t");
        Dataset<Row> created = spark.sql("CREATE TABLE t USING parquet LOCATION '" + t + "' AS SELECT 1 AS a, 'x' AS b");
        assertThat(created.schema().size()).isZero();
        assertThat(created.collectAsList()).isEmpty();
        assertThat(Files.exists(t.resolve("_SUCCESS"))).isTrue();
        assertThat(rows("SELECT * FROM t")).containsExactly(Row.of(1, "x"));

        spark.sql("INSERT INTO t SELECT 2, 'y'");
        spark.sql("INSERT INTO TABLE default.t SELECT 9 AS b, 'q' AS a");   // by position, as Spark
        assertThat(rows("SELECT * FROM spark_catalog.default.t ORDER BY a"))
                .containsExactly(Row.of(1, "x"), Row.of(2, "y"), Row.of(9, "q"));

        spark.sql("INSERT OVERWRITE TABLE t SELECT 5L, 'z'");   // bigint into int: a cast, as Spark's ANSI store assignment
        assertThat(rows("SELECT * FROM t")).containsExactly(Row.of(5, "z"));
        assertThat(spark.table("t").schema().simpleString()).isEqualTo("struct<a:int,b:string>");
    }

    @Test
    void aPartitionedCsvTableKeepsItsSchemaAndPartitionColumnsLast() throws Exception {
        Path t = dir.resolve("p");
        spark.sql("CREATE TABLE pt USING csv OPTIONS (header 'true') PARTITIONED BY (p) LOCATION '" + t
                + "' AS SELECT 7 AS p, 1 AS a, 'x' AS b");
        assertThat(Files.isDirectory(t.resolve("p=7"))).isTrue();
        try (Stream<Path> files = Files.list(t.resolve("p=7"))) {
            Path csv = files.filter(f -> f.getFileName().toString().endsWith(".csv")).findFirst().orElseThrow();
            assertThat(Files.readString(csv)).isEqualTo("a,b\n1,x\n");
        }
        spark.sql("INSERT INTO pt SELECT 3, 'w', 8");
        assertThat(rows("SELECT * FROM pt ORDER BY a")).containsExactly(Row.of(1, "x", 7), Row.of(3, "w", 8));
        assertThat(rows("DESCRIBE TABLE pt")).containsExactly(Row.of("a", "int", null), Row.of("b", "string", null),
                Row.of("p", "int", null), Row.of("# Partition Information", "", ""),
                Row.of("# col_name", "data_type", "comment"), Row.of("p", "int", null));
        Dataset<Row> described = spark.sql("DESC pt");
        assertThat(described.schema().simpleString()).isEqualTo("struct<col_name:string,data_type:string,comment:string>");
        assertThat(rows("DESCRIBE pt b")).containsExactly(Row.of("col_name", "b"), Row.of("data_type", "string"),
                Row.of("comment", "NULL"));
    }

    @Test
    void aTableOverFilesThatAreNotThereYetIsEmptyThenReadsWhatIsInserted() {
        Path t = dir.resolve("j");
        spark.sql("CREATE TABLE j (a INT, b STRING) USING json LOCATION '" + t + "'");
        assertThat(rows("SELECT * FROM j")).isEmpty();
        assertThat(rows("DESCRIBE j")).containsExactly(Row.of("a", "int", null), Row.of("b", "string", null));
        spark.sql("INSERT INTO j SELECT 1, 'x'");
        assertThat(rows("SELECT * FROM j")).containsExactly(Row.of(1, "x"));
        spark.sql("CREATE TABLE j2 USING json LOCATION '" + t + "'");   // the schema from the files
        assertThat(spark.table("j2").schema().simpleString()).isEqualTo("struct<a:bigint,b:string>");
    }

    @Test
    void createAndInsertErrorsAreSparks() {
        Path t = dir.resolve("t");
        spark.sql("CREATE TABLE t USING parquet LOCATION '" + t + "' AS SELECT 1 AS a, 'x' AS b");
        assertError("CREATE TABLE t USING parquet LOCATION '" + dir.resolve("u") + "' AS SELECT 1 AS a",
                "TABLE_OR_VIEW_ALREADY_EXISTS");
        spark.sql("CREATE TABLE IF NOT EXISTS t USING parquet LOCATION '" + dir.resolve("u") + "' AS SELECT 1 AS a");
        assertThat(Files.exists(dir.resolve("u"))).isFalse();
        assertThatThrownBy(() -> spark.sql("CREATE TABLE t3 USING parquet LOCATION '" + t + "' AS SELECT 1 AS a"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("non-empty directory");
        assertError("CREATE TABLE t4 USING parquet LOCATION '" + dir.resolve("t4") + "' AS SELECT 1 AS a, 2 AS A",
                "COLUMN_ALREADY_EXISTS");
        assertError("CREATE TABLE t5 USING json PARTITIONED BY (nosuch) LOCATION '" + dir.resolve("t5")
                + "' AS SELECT 1 AS a", "COLUMN_NOT_DEFINED_IN_TABLE");
        assertError("CREATE TABLE t6 USING nosuchfmt LOCATION '" + dir.resolve("t6") + "' AS SELECT 1 AS a",
                "DATA_SOURCE_NOT_FOUND");
        assertError("CREATE TABLE other.t7 USING parquet LOCATION '" + dir.resolve("t7") + "' AS SELECT 1 AS a",
                "SCHEMA_NOT_FOUND");
        assertError("INSERT INTO nosuch SELECT 1", "TABLE_OR_VIEW_NOT_FOUND");
        assertError("INSERT INTO t SELECT 2", "INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS");
        assertError("INSERT INTO t SELECT 2, 'y', 3", "INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS");
        assertError("INSERT INTO t SELECT 'abc', 'y'", "INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST");
        assertError("INSERT INTO t SELECT 3000000000L, 'y'", "CAST_OVERFLOW_IN_TABLE_INSERT");
        spark.sql("CREATE TEMPORARY VIEW v AS SELECT 1 AS a");
        assertError("INSERT INTO v SELECT 1", "EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE");
        assertError("CREATE TEMPORARY VIEW v AS SELECT 2 AS a", "TEMP_TABLE_OR_VIEW_ALREADY_EXISTS");
        spark.sql("CREATE OR REPLACE TEMPORARY VIEW v AS SELECT 2 AS b");
        assertThat(rows("SELECT * FROM v")).containsExactly(Row.of(2));
        assertError("DESCRIBE nosuch", "TABLE_OR_VIEW_NOT_FOUND");
        assertError("DESCRIBE t nosuch", "COLUMN_NOT_FOUND");
        assertThat(rows("SELECT * FROM t")).containsExactly(Row.of(1, "x"));   // nothing half-written
    }

    @Test
    void dropTableForgetsTheTableAndDeletesOnlyAManagedTablesFiles() {
        Path t = dir.resolve("t");
        spark.sql("CREATE TABLE t USING parquet LOCATION '" + t + "' AS SELECT 1 AS a");
        spark.sql("DROP TABLE t");
        assertThat(Files.exists(t.resolve("_SUCCESS"))).isTrue();
        assertError("DROP TABLE t", "TABLE_OR_VIEW_NOT_FOUND");
        spark.sql("DROP TABLE IF EXISTS t");

        spark.conf().set("spark.sql.warehouse.dir", dir.resolve("warehouse").toString());
        spark.sql("CREATE TABLE m AS SELECT 1 AS a");
        assertThat(Files.exists(dir.resolve("warehouse/m/_SUCCESS"))).isTrue();
        assertThat(rows("SELECT * FROM m")).containsExactly(Row.of(1));
        spark.sql("DROP TABLE m");
        assertThat(Files.exists(dir.resolve("warehouse/m"))).isFalse();
    }

    @Test
    void showTablesListsTablesThenTemporaryViewsLowerCasedAndFiltersByPattern() {
        spark.sql("CREATE TABLE ct1 USING parquet LOCATION '" + dir.resolve("a") + "' AS SELECT 1 AS a");
        spark.sql("CREATE TABLE ct2 USING parquet LOCATION '" + dir.resolve("b") + "' AS SELECT 1 AS a");
        spark.sql("SELECT 1 AS a").createOrReplaceTempView("TV1");
        Dataset<Row> all = spark.sql("SHOW TABLES");
        assertThat(all.schema().simpleString()).isEqualTo("struct<namespace:string,tableName:string,isTemporary:boolean>");
        assertThat(all.collectAsList()).containsExactly(Row.of("default", "ct1", false),
                Row.of("default", "ct2", false), Row.of("", "tv1", true));
        assertThat(rows("SHOW TABLES IN default LIKE 'ct1|TV*'")).containsExactly(Row.of("default", "ct1", false),
                Row.of("", "tv1", true));
        assertThat(rows("SHOW TABLES 'ct*'")).hasSize(2);
        assertError("SHOW TABLES IN nosuch", "SCHEMA_NOT_FOUND");
        assertThat(spark.catalog().listTables()).extracting(io.updraft.sql.catalog.Table::name)
                .containsExactly("ct1", "ct2", "TV1");
        assertThat(spark.catalog().tableExists("default", "ct2")).isTrue();
        assertThat(spark.catalog().tableExists("ct2")).isTrue();
    }

    @Test
    void setShowsAndChangesSettings() {
        assertThat(rows("SET spark.sql.shuffle.partitions")).containsExactly(
                Row.of("spark.sql.shuffle.partitions", "4"));   // local[2]: the planner's max(4, 2 x slots)
        Dataset<Row> set = spark.sql("SET spark.sql.shuffle.partitions = 7 ");
        assertThat(set.schema().simpleString()).isEqualTo("struct<key:string,value:string>");
        assertThat(set.collectAsList()).containsExactly(Row.of("spark.sql.shuffle.partitions", "7"));
        assertThat(spark.conf().get("spark.sql.shuffle.partitions")).isEqualTo("7");
        assertThat(rows("SET spark.sql.shuffle.partitions;")).containsExactly(Row.of("spark.sql.shuffle.partitions", "7"));
        assertThat(rows("SET nosuch.key")).containsExactly(Row.of("nosuch.key", "<undefined>"));
        assertThat(rows("SET")).contains(Row.of("spark.sql.shuffle.partitions", "7"));
        assertThat(rows("SET TIME ZONE 'America/New_York'")).containsExactly(
                Row.of("spark.sql.session.timeZone", "America/New_York"));
        assertError("SET spark.sql.shuffle.partitions=abc", "INVALID_CONF_VALUE.TYPE_MISMATCH");
        assertError("SET spark.sql.session.timeZone=Nowhere/Else", "INVALID_CONF_VALUE.TIME_ZONE");
        assertThat(rows("SET spark.master=local")).containsExactly(Row.of("spark.master", "local"));   // as Spark
        assertThat(spark.master()).isEqualTo("local[2]");
    }

    @Test
    void explainReturnsThePlanAsOneRow() {
        Dataset<Row> explained = spark.sql("EXPLAIN SELECT 1 AS x");
        assertThat(explained.schema().simpleString()).isEqualTo("struct<plan:string>");
        String plan = explained.collectAsList().get(0).getString(0);
        assertThat(plan).startsWith("== Physical Plan ==\n").endsWith("\n");
        assertThat(plan).isEqualTo(spark.sql("SELECT 1 AS x").queryExecution().explainString("simple"));
        assertThat(rows("EXPLAIN EXTENDED SELECT 1 AS x").get(0).getString(0)).contains("== Parsed Logical Plan ==");
        assertThat(rows("EXPLAIN FORMATTED SELECT 1 AS x").get(0).getString(0)).contains("(1)");
    }

    @Test
    void aQueryInsideACommandReportsPositionsInTheWholeStatement() {
        assertThatThrownBy(() -> spark.sql("CREATE TABLE t USING parquet\nLOCATION '" + dir.resolve("t")
                + "'\nAS SELECT 1 +* 2"))
                .isInstanceOf(ParseException.class).hasMessageContaining("line 3, column");
        assertThatThrownBy(() -> spark.sql("INSERT INTO t (a) SELECT 1"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[UNSUPPORTED_FEATURE]");
    }

    private void assertError(String sql, String errorClass) {
        assertThatThrownBy(() -> spark.sql(sql).collectAsList())
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.errorClass()).isEqualTo(errorClass));
    }
}
