package io.updraft.engine.parquet;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.stats.ColumnRange;
import io.updraft.engine.testing.ParquetTestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParquetFilesTest {
    @TempDir
    Path dir;

    @Test
    void inspectReportsSchemaRowsAndRowGroups() throws IOException {
        Path file = ParquetTestFiles.write(dir.resolve("t.parquet"), """
                SELECT range AS id, range::INT AS small, (range / 3)::DECIMAL(12,3) AS amount, 'x' || range AS name,
                       DATE '2020-01-01' + range::INT AS day, TIMESTAMP '2020-01-01' AS at, range % 2 = 0 AS even,
                       range::DOUBLE AS d, range::FLOAT AS f, range::SMALLINT AS tiny, range::UINTEGER AS u
                FROM range(5000)
                """, 2048);

        ParquetFileInfo info = ParquetFiles.inspect(file.toString());

        assertThat(info.schema().simpleString()).isEqualTo("struct<id:bigint,small:int,amount:decimal(12,3),"
                + "name:string,day:date,at:timestamp,even:boolean,d:double,f:float,tiny:smallint,u:bigint>");
        assertThat(info.schema().fieldList()).allSatisfy(f -> assertThat(f.nullable()).isTrue());
        assertThat(info.rowCount()).isEqualTo(5000);
        assertThat(info.rowGroups()).extracting(ParquetFileInfo.RowGroupInfo::rowCount).containsExactly(2048L, 2048L,
                904L);
        assertThat(info.rowGroups()).allSatisfy(g -> assertThat(g.compressedBytes()).isPositive());
        assertThat(info.compressedBytes()).isLessThan(Files.size(file));
        assertThat(info.fileSize()).isEqualTo(Files.size(file));
        assertThat(info.unsupportedColumns()).isEmpty();
        assertThat(ParquetFiles.inspectSchema(file.toUri().toString())).isEqualTo(info.schema());
        // min and max over the three row groups, in each type's internal unit; none for strings, booleans, floats
        // and the small integer types (their statistics are not read)
        long day = java.time.LocalDate.parse("2020-01-01").toEpochDay();
        assertThat(info.columnRanges()).containsOnlyKeys("id", "small", "amount", "day", "at", "d", "u");
        assertThat(info.columnRanges().get("id")).isEqualTo(new ColumnRange(0, 4999));
        assertThat(info.columnRanges().get("amount")).isEqualTo(new ColumnRange(0, 1666.333));
        assertThat(info.columnRanges().get("day")).isEqualTo(new ColumnRange(day, day + 4999));
        assertThat(info.columnRanges().get("at").min()).isEqualTo(info.columnRanges().get("at").max());
        ColumnRange d = info.columnRanges().get("d");
        assertThat(d.min() == 0 && d.max() == 4999).as("d in %s", d).isTrue(); // Parquet writes a 0.0 min as -0.0
    }

    @Test
    void listsColumnsItCannotRead() {
        Path file = ParquetTestFiles.write(dir.resolve("nested.parquet"),
                "SELECT 1 AS id, [1, 2] AS list, {'a': 1} AS struct, 1::UBIGINT AS big_unsigned", 2048);
        ParquetFileInfo info = ParquetFiles.inspect(file.toString());
        // lists and structs are read since issue 10 (ParquetNestedTypesTest); unsigned 64-bit integers are not
        assertThat(info.schema().simpleString()).isEqualTo("struct<id:int,list:array<int>,struct:struct<a:int>>");
        assertThat(info.unsupportedColumns()).hasSize(1);
        assertThat(info.unsupportedColumns().get(0)).startsWith("big_unsigned (");
    }

    @Test
    void errorsNameThePath() throws IOException {
        String missing = dir.resolve("missing.parquet").toString();
        assertThatThrownBy(() -> ParquetFiles.inspect(missing))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("Path does not exist: " + missing);
        Path notParquet = Files.writeString(dir.resolve("text.parquet"), "hello, this is not parquet at all");
        assertThatThrownBy(() -> ParquetFiles.inspect(notParquet.toString()))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageStartingWith("Could not read Parquet file " + notParquet + ": ");
        assertThatThrownBy(() -> ParquetFiles.inspect(dir.toString()))
                .hasMessageStartingWith("Path is a directory");
        assertThatThrownBy(() -> ParquetFiles.inspect("s3://bucket"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("Invalid S3 object URI (expected s3://bucket/key): s3://bucket");
    }
}
