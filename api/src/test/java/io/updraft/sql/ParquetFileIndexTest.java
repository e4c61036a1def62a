package io.updraft.sql;

import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.stats.ColumnRange;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo;
import io.updraft.planner.logical.FileSource;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParquetFileIndexTest {
    private static final StructType AB = new StructType(List.of(
            new StructField("a", DataTypes.IntegerType, false), new StructField("b", DataTypes.StringType, true)));

    @TempDir
    Path dir;

    private Path touch(String relative) throws IOException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[]{1, 2, 3});
        return p;
    }

    private static ParquetFooterReader footers(StructType schema) {
        return path -> new ParquetFileInfo(path, 100, schema, 10, List.of(new RowGroupInfo(0, 10, 100, 100)),
                List.of());
    }

    @Test
    void foldersAreListedRecursivelySkippingHiddenAndUnderscoreNames() throws IOException {
        Path a = touch("t/a.parquet");
        Path b = touch("t/sub/b.parquet");
        touch("t/_SUCCESS");
        touch("t/.a.parquet.crc");
        touch("t/.hidden.parquet");
        touch("t/_temporary/c.parquet");
        touch("t/.staging/d.parquet");
        touch("t/notes.txt");

        assertThat(ParquetFileIndex.list(dir.resolve("t").toString())).containsExactly(a, b);
        assertThat(ParquetFileIndex.list("file:" + dir.resolve("t"))).containsExactly(a, b);
        assertThat(ParquetFileIndex.list(dir.resolve("t").toUri().toString())).containsExactly(a, b);
    }

    @Test
    void aFileNamedExplicitlyIsReadWhateverItsName() throws IOException {
        Path data = touch("data.bin");
        assertThat(ParquetFileIndex.list(data.toString())).containsExactly(data);
    }

    @Test
    void aMissingPathIsSparksPathNotFound() {
        Path missing = dir.resolve("nope.parquet");
        assertThatThrownBy(() -> ParquetFileIndex.list(missing.toString()))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[PATH_NOT_FOUND] Path does not exist: file:" + missing + ". SQLSTATE: 42K03")
                .satisfies(e -> {
                    AnalysisException a = (AnalysisException) e;
                    assertThat(a.errorClass()).isEqualTo("PATH_NOT_FOUND");
                    assertThat(a.sqlState()).isEqualTo("42K03");
                    assertThat(a.text()).isEqualTo("Path does not exist: file:" + missing + ".");
                });
    }

    @Test
    void schemesOtherThanFileAndS3AreUserErrors() {
        assertThat(ParquetFileIndex.isS3("s3://bucket/lineitem/")).isTrue();
        assertThatThrownBy(() -> ParquetFileIndex.list("hdfs://nn/x"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("Unsupported path scheme in hdfs://nn/x");
    }

    @Test
    void resolveReadsEveryFooterAndSumsSizesAndRows() throws IOException {
        touch("t/a.parquet");
        touch("t/b.parquet");
        FileSource source = ParquetFileIndex.resolve(List.of(dir.resolve("t").toString()), footers(AB));

        assertThat(source.files()).containsExactly(dir.resolve("t/a.parquet").toString(),
                dir.resolve("t/b.parquet").toString());
        assertThat(source.displayPaths()).containsExactly(dir.resolve("t").toString());
        assertThat(source.schema()).isEqualTo(AB);
        assertThat(source.rowCount()).isEqualTo(20);
        assertThat(source.sizeInBytes()).isEqualTo(6);
    }

    @Test
    void columnRangesCoverEveryFileAndOnlyColumnsEveryFileHasOneFor() throws IOException {
        touch("t/a.parquet");
        touch("t/b.parquet");
        ParquetFooterReader footers = path -> new ParquetFileInfo(path, 0, AB, 1, List.of(), List.of(),
                path.endsWith("a.parquet") ? Map.of("a", new ColumnRange(0, 5))
                        : Map.of("a", new ColumnRange(3, 9), "b", new ColumnRange(1, 2)));

        FileSource source = ParquetFileIndex.resolve(List.of(dir.resolve("t").toString()), footers);
        assertThat(source.columnRanges()).isEqualTo(Map.of("a", new ColumnRange(0, 9)));
        FileSource typedByTheUser = ParquetFileIndex.resolve(List.of(dir.resolve("t").toString()), footers, Map.of(),
                null, AB);
        assertThat(typedByTheUser.columnRanges()).as("a user schema may retype columns").isEmpty();
    }

    @Test
    void filesThatDisagreeOnTheSchemaAreNamed() throws IOException {
        Path a = touch("t/a.parquet");
        Path b = touch("t/b.parquet");
        ParquetFooterReader footers = path -> path.endsWith("b.parquet")
                ? new ParquetFileInfo(path, 0, new StructType(List.of()).add("a", DataTypes.LongType), 1, List.of(),
                        List.of())
                : new ParquetFileInfo(path, 0, AB, 1, List.of(), List.of());

        assertThatThrownBy(() -> ParquetFileIndex.resolve(List.of(dir.resolve("t").toString()), footers))
                .isInstanceOf(AnalysisException.class)
                .hasMessageContaining("file:" + a).hasMessageContaining("struct<a:int,b:string>")
                .hasMessageContaining("file:" + b).hasMessageContaining("struct<a:bigint>");
    }

    @Test
    void anUnreadableFooterNamesTheFile() throws IOException {
        Path a = touch("t/a.parquet");
        ParquetFooterReader broken = path -> {
            throw new IllegalStateException("not a Parquet file (too small)");
        };

        assertThatThrownBy(() -> ParquetFileIndex.resolve(List.of(a.toString()), broken))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("[FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER] Could not read footer for file: file:" + a
                        + ". not a Parquet file (too small) SQLSTATE: KD001");
    }

    @Test
    void aFolderWithoutParquetFilesCannotInferASchema() throws IOException {
        touch("empty/_SUCCESS");
        assertThatThrownBy(() -> ParquetFileIndex.resolve(List.of(dir.resolve("empty").toString()), footers(AB)))
                .isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[UNABLE_TO_INFER_SCHEMA] Unable to infer schema for Parquet.")
                .hasMessageContaining(dir.resolve("empty").toString());
    }
}
