package io.updraft.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.updraft.core.plan.FileFormat;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFiles;

import java.nio.file.Path;
import java.util.Map;

/**
 * Fuzzes the Parquet reader (footer inspection, then a scan of every readable column, starting from the seed
 * files in {@code src/test/resources/io/updraft/engine/fuzz/ParquetReaderFuzzTestInputs}): any input is read or
 * fails with a USER error naming the file. Found crashes are kept in the same folder.
 */
class ParquetReaderFuzzTest {
    @FuzzTest(maxDuration = "25s")
    void anyParquetIsReadOrAUserError(byte[] input) throws Exception {
        if (input == null) {
            return;
        }
        Path file = ReaderFuzzing.file(input, "fuzz.parquet");
        try {
            ReaderFuzzing.expectSuccessOrUserError(file, () -> {
                ParquetFileInfo info = ParquetFiles.inspect(file.toString(), Map.of());
                ReaderFuzzing.scan(file, FileFormat.PARQUET, info.schema(), 0);
            });
        } finally {
            ReaderFuzzing.delete(file);
        }
    }
}
