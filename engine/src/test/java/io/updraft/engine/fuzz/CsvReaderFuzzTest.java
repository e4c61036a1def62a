package io.updraft.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.updraft.core.plan.FileFormat;
import io.updraft.engine.csv.CsvFiles;
import io.updraft.engine.csv.CsvOptions;
import io.updraft.sql.types.StructType;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Map;

/**
 * Fuzzes the CSV reader (inference and the scan, with the options the input's first byte picks: header, multiLine,
 * mode, a typed schema with a corrupt-record column, split sizes): any input is read or fails with a USER error
 * naming the file. Bounded in the suite (see the engine README, Fuzzing); found crashes are kept under
 * {@code src/test/resources/io/updraft/engine/fuzz/CsvReaderFuzzTestInputs}.
 */
class CsvReaderFuzzTest {
    private static final StructType TYPED = StructType.fromDDL(
            "a INT, b BIGINT, c DOUBLE, d DECIMAL(10,2), e DATE, f TIMESTAMP, g BOOLEAN, h STRING, _corrupt_record STRING");

    @FuzzTest(maxDuration = "25s")
    void anyCsvIsReadOrAUserError(byte[] input) throws Exception {
        if (input == null) {
            return;
        }
        int flags = input.length == 0 ? 0 : input[0] & 0xff;
        Map<String, String> options = Map.of(
                "header", String.valueOf((flags & 1) != 0),
                "multiline", String.valueOf((flags & 2) != 0),
                "mode", (flags & 12) == 4 ? "DROPMALFORMED" : (flags & 12) == 8 ? "FAILFAST" : "PERMISSIVE",
                "inferschema", "true",
                "sep", (flags & 16) != 0 ? ";" : ",");
        Path file = ReaderFuzzing.file(input, (flags & 32) != 0 ? "fuzz.csv.gz" : "fuzz.csv");
        try {
            ReaderFuzzing.expectSuccessOrUserError(file, () -> {
                StructType inferred = CsvFiles.inferSchema(java.util.List.of(file.toString()), CsvOptions.of(options),
                        Map.of(), ZoneId.of("UTC"));
                ReaderFuzzing.scan(file, new FileFormat("csv", options), inferred, 0);
            });
            ReaderFuzzing.expectSuccessOrUserError(file, () -> ReaderFuzzing.scan(file,
                    new FileFormat("csv", options), TYPED, 1 + (flags >> 6) * 7L));
        } finally {
            ReaderFuzzing.delete(file);
        }
    }
}
