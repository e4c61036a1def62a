package io.updraft.engine.parquet;

import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * TINYINT, SMALLINT, UTINYINT, FLOAT and BLOB columns written by DuckDB read as Spark reads them (tinyint,
 * smallint, smallint, float, binary) with DuckDB's values, nulls and dictionary pages included.
 */
class ParquetSmallTypesTest {
    private static final String SELECT = """
            SELECT CASE WHEN range % 7 = 0 THEN NULL ELSE (range % 256 - 128)::TINYINT END AS t,
                   (range * 37 % 65536 - 32768)::SMALLINT AS s,
                   (range % 256)::UTINYINT AS u,
                   CASE WHEN range % 11 = 0 THEN NULL ELSE (range / 7.0)::FLOAT END AS f,
                   CASE WHEN range % 5 = 0 THEN NULL ELSE encode('b' || (range % 300)::VARCHAR) END AS b
            FROM range(5000)
            """;

    @TempDir
    Path dir;
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private static String text(Object v) {
        return v instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(v);
    }

    @Test
    void smallTypesReadAsSparkWithDuckDbsValues() {
        Path file = ParquetTestFiles.write(dir.resolve("small.parquet"), SELECT, 2048);
        StructType expectedSchema = new StructType(List.of()).add("t", DataTypes.ByteType)
                .add("s", DataTypes.ShortType).add("u", DataTypes.ShortType).add("f", DataTypes.FloatType)
                .add("b", DataTypes.BinaryType);
        assertThat(ParquetFiles.inspect(file.toString()).schema()).isEqualTo(expectedSchema);

        ExecutionContext context = new ExecutionContext(allocator, Map.of());
        List<String> actual = new ArrayList<>();
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new io.updraft.core.plan.FileSplit(
                file.toString(), List.of(), 0)), expectedSchema, null, context)) {
            for (List<Object> row : Drain.of(scan).rows) {
                actual.add(String.join("|", row.stream().map(ParquetSmallTypesTest::text).toList()));
            }
        }
        List<String> expected = new ArrayList<>();
        for (List<Object> row : ParquetTestFiles.query("SELECT t, s, u, f, b FROM '" + file + "'")) {
            List<String> cells = new ArrayList<>();
            for (Object v : row) {
                cells.add(v instanceof java.sql.Blob blob ? blobHex(blob)
                        : v instanceof java.nio.ByteBuffer buffer ? HexFormat.of().formatHex(bytes(buffer))
                        : v == null ? "null"
                        : v instanceof Number n && !(v instanceof Float) ? String.valueOf(n.longValue())
                        : String.valueOf(v));
            }
            expected.add(String.join("|", cells));
        }
        assertThat(actual).hasSize(5000).isEqualTo(expected);
    }

    private static byte[] bytes(java.nio.ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    private static String blobHex(java.sql.Blob blob) {
        try {
            return HexFormat.of().formatHex(blob.getBytes(1, (int) blob.length()));
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
