package io.updraft.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.updraft.core.plan.FileFormat;
import io.updraft.engine.json.JsonFiles;
import io.updraft.engine.json.JsonOptions;
import io.updraft.sql.types.StructType;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Fuzzes the JSON reader (inference and the scan, JSON lines or multiLine, each parse mode, a typed schema with
 * arrays and a corrupt-record column, small splits): any input is read or fails with a USER error naming the
 * file. Found crashes are kept under {@code src/test/resources/io/updraft/engine/fuzz/JsonReaderFuzzTestInputs}.
 */
class JsonReaderFuzzTest {
    private static final StructType TYPED = StructType.fromDDL("a BIGINT, b DOUBLE, c DECIMAL(12,3), d DATE, "
            + "e TIMESTAMP, f BOOLEAN, g STRING, h ARRAY<INT>, i INT, _corrupt_record STRING");

    @FuzzTest(maxDuration = "25s")
    void anyJsonIsReadOrAUserError(byte[] input) throws Exception {
        if (input == null) {
            return;
        }
        int flags = input.length == 0 ? 0 : input[0] & 0xff;
        Map<String, String> options = Map.of(
                "multiline", String.valueOf((flags & 1) != 0),
                "mode", (flags & 6) == 2 ? "DROPMALFORMED" : (flags & 6) == 4 ? "FAILFAST" : "PERMISSIVE",
                "prefersdecimal", String.valueOf((flags & 8) != 0));
        Path file = ReaderFuzzing.file(input, "fuzz.json");
        try {
            ReaderFuzzing.expectSuccessOrUserError(file, () -> {
                StructType inferred = JsonFiles.inferSchema(List.of(file.toString()), JsonOptions.of(options),
                        Map.of());
                ReaderFuzzing.scan(file, new FileFormat("json", options), inferred, 0);
            });
            ReaderFuzzing.expectSuccessOrUserError(file, () -> ReaderFuzzing.scan(file,
                    new FileFormat("json", options), TYPED, 1 + (flags >> 4) * 5L));
        } finally {
            ReaderFuzzing.delete(file);
        }
    }
}
