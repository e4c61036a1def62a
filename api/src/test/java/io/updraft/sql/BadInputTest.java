package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Mistakes a user can make fail at the call, name what to fix, and are USER errors. */
class BadInputTest {
    @TempDir
    Path dir;

    private UpdraftSession spark;
    private Path file;

    @BeforeEach
    void writeFileAndStartSession() throws Exception {
        file = dir.resolve("t.parquet");
        try (DuckDbOracle duck = new DuckDbOracle()) {
            duck.writeParquet("SELECT i::INTEGER AS id, 'n' || i AS name, DATE '2020-01-01' + i::INTEGER AS day, "
                    + "i % 2 = 0 AS even FROM range(0, 100) t(i)", file, 50);
        }
        spark = UpdraftSession.builder().master("local[1]").config("spark.ui.showConsoleProgress", "false").create();
    }

    @AfterEach
    void stopSession() {
        spark.stop();
    }

    private static void assertUserError(Throwable e) {
        assertThat(e).isInstanceOf(UpdraftException.class);
        assertThat(((UpdraftException) e).type()).isEqualTo(ErrorType.USER);
    }

    @Test
    void anUnknownColumnIsNamedWithTheAvailableOnes() {
        Dataset<Row> df = spark.read().parquet(file.toString());
        for (Runnable call : new Runnable[]{
                () -> df.select("nmae"),
                () -> df.filter(col("nmae").equalTo("x")),
                () -> df.col("nmae"),
                () -> df.groupBy("nmae").count(),
                () -> df.groupBy("id").sum("nmae"),
                () -> df.orderBy("nmae")}) {
            assertThatThrownBy(call::run)
                    .isInstanceOf(AnalysisException.class)
                    .satisfies(BadInputTest::assertUserError)
                    .hasMessageContaining("`nmae`")
                    .hasMessageContaining("`name`")
                    .hasMessageContaining("`id`");
        }
    }

    @Test
    void aMissingPathIsNamed() {
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> spark.read().parquet(missing.toString()))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[PATH_NOT_FOUND] Path does not exist: file:" + missing + ". SQLSTATE: 42K03");
    }

    @Test
    void aTruncatedParquetFileIsNamed() throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        Path broken = dir.resolve("broken.parquet");
        Files.write(broken, Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> spark.read().parquet(broken.toString()))
                .satisfies(BadInputTest::assertUserError)
                .hasMessageStartingWith("[FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER] Could not read footer for file: file:"
                        + broken + ".");
    }

    @Test
    void aTypeMismatchInAComparisonFailsAtTheCall() {
        Dataset<Row> df = spark.read().parquet(file.toString());
        assertThatThrownBy(() -> df.filter(col("even").gt(col("day"))))
                .isInstanceOf(AnalysisException.class)
                .satisfies(BadInputTest::assertUserError)
                .hasMessageContaining("even")
                .hasMessageContaining("day");
    }

    @Test
    void aggregatingATextColumnAsNumberIsRefused() {
        Dataset<Row> df = spark.read().parquet(file.toString());
        assertThatThrownBy(() -> df.groupBy("even").sum("name"))
                .isInstanceOf(AnalysisException.class)
                .hasMessageContaining("\"name\" is not a numeric column");
        assertThat(df.groupBy("even").agg(sum("id")).count()).isEqualTo(2);
    }

    @Test
    void anUnknownViewIsNamed() {
        assertThatThrownBy(() -> spark.table("nope"))
                .isInstanceOf(AnalysisException.class)
                .hasMessageContaining("`nope`");
    }

    @Test
    void aStoppedSessionRefusesWork() {
        spark.stop();
        assertThatThrownBy(() -> spark.read()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("stopped");
    }

    @Test
    void aBadLimitIsRefused() {
        Dataset<Row> df = spark.read().parquet(file.toString());
        assertThatThrownBy(() -> df.limit(-1)).hasMessageContaining("must be equal to or greater than 0, but got -1");
    }
}
