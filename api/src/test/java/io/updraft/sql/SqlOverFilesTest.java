package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ParseException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * SQL over files: {@code CREATE [OR REPLACE] TEMPORARY VIEW ... USING fmt OPTIONS (...)}, {@code fmt.`path`}
 * relations and {@code DROP VIEW}, with their errors (results against Spark: bench's SparkReaderCasesTest).
 */
class SqlOverFilesTest {
    @TempDir
    Path dir;

    private UpdraftSession spark;
    private Path csv;

    @BeforeEach
    void start() throws Exception {
        spark = UpdraftSession.builder().master("local[1]").config("spark.ui.showConsoleProgress", "false").create();
        csv = dir.resolve("a.csv");
        Files.writeString(csv, "id,name\n1,x\n2,y\n");
    }

    @AfterEach
    void stop() {
        spark.stop();
    }

    @Test
    void createTemporaryViewUsingCsvWithOptionsAndSchema() {
        Dataset<Row> created = spark.sql("CREATE TEMPORARY VIEW v (id INT, name STRING) USING csv "
                + "OPTIONS (path '" + csv + "', header 'true')");
        assertThat(created.collectAsList()).isEmpty();
        assertThat(spark.sql("SELECT name FROM v WHERE id = 2").collectAsList().get(0).getString(0)).isEqualTo("y");
        assertThat(spark.table("v").schema().simpleString()).isEqualTo("struct<id:int,name:string>");
    }

    @Test
    void createWithoutReplaceFailsOnAnExistingViewAndOrReplaceReplaces() {
        spark.sql("CREATE TEMPORARY VIEW v USING csv OPTIONS (path '" + csv + "')");
        assertThatThrownBy(() -> spark.sql("CREATE TEMPORARY VIEW v USING csv OPTIONS (path '" + csv + "')"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]");
        spark.sql("CREATE OR REPLACE TEMPORARY VIEW v USING csv OPTIONS (path = '" + csv + "', header true, "
                + "inferSchema 'true')");
        assertThat(spark.table("v").schema().simpleString()).isEqualTo("struct<id:int,name:string>");
    }

    @Test
    void dropViewDropsAndIfExistsTolerates() {
        spark.sql("CREATE TEMPORARY VIEW v USING csv OPTIONS (path '" + csv + "')");
        spark.sql("DROP VIEW v");
        assertThat(spark.catalog().tableExists("v")).isFalse();
        spark.sql("DROP VIEW IF EXISTS v");
        assertThatThrownBy(() -> spark.sql("DROP VIEW v"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[TABLE_OR_VIEW_NOT_FOUND]");
    }

    @Test
    void aFormatPathRelationReadsTheFiles() {
        assertThat(spark.sql("SELECT count(*) FROM csv.`" + csv + "`").collectAsList().get(0).getLong(0))
                .isEqualTo(3);
        assertThatThrownBy(() -> spark.sql("SELECT * FROM json.`" + dir.resolve("missing") + "`"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[PATH_NOT_FOUND]");
    }

    @Test
    void aBrokenViewStatementNamesThePosition() {
        assertThatThrownBy(() -> spark.sql("CREATE TEMPORARY VIEW v USING csv OPTIONS (path '" + csv + "'"))
                .isInstanceOf(ParseException.class).hasMessageContaining("[PARSE_SYNTAX_ERROR]")
                .hasMessageContaining("line 1");
    }
}
