package io.updraft.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.updraft.core.plan.FileFormat;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.testing.ParquetTestFiles;
import org.junit.jupiter.api.BeforeAll;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Fuzzes the Parquet reader (footer inspection, then a scan of every readable column): any input is read or
 * fails with a USER error naming the file. Found crashes are kept in
 * {@code src/test/resources/io/updraft/engine/fuzz/ParquetReaderFuzzTestInputs} and replay as regression inputs;
 * the seed files are written by DuckDB into the same folder on the test class path before the run (they are not
 * kept in git).
 */
class ParquetReaderFuzzTest {
    @BeforeAll
    static void writeSeeds() throws URISyntaxException, java.io.IOException {
        Path inputs = Path.of(ParquetReaderFuzzTest.class.getResource("ParquetReaderFuzzTestInputs").toURI())
                .resolve("anyParquetIsReadOrAUserError");
        Files.createDirectories(inputs);
        ParquetTestFiles.write(inputs.resolve("seed-int.parquet"), "select i::int as i from range(5) t(i)", 2048);
        ParquetTestFiles.write(inputs.resolve("seed-region.parquet"), "select * from (values (0::bigint, 'AFRICA', "
                + "1.25::decimal(15,2), date '1994-01-01', 0.5::double), (1, 'AMERICA', null, null, -1.0), "
                + "(2, 'AFRICA', 3.10, date '1998-12-01', null)) t(r_regionkey, r_name, price, day, ratio)", 2048);
    }

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
