package io.updraft.engine.parquet;

import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page decoder against parquet-java's value-at-a-time reading of the same files ({@link
 * ParquetScanOperator#PAGE_DECODING} off): every row equal, over files of DuckDB and of parquet-java with data
 * pages V1 and V2, dictionary and plain pages (and a writer's fallback from one to the other inside a chunk),
 * nulls, several pages per chunk and batches that cross page and row-group boundaries.
 */
class PageColumnReaderTest {
    private static final String DUCKDB_SELECT = """
            SELECT
              CASE WHEN i % 7 = 0 THEN NULL ELSE i::INTEGER END AS i,
              i::BIGINT * 1000003 AS b,
              CASE WHEN i % 11 = 0 THEN NULL ELSE i / 7.0 END::DOUBLE AS d,
              CASE WHEN i % 13 = 0 THEN NULL WHEN i % 17 = 0 THEN 'NaN'::FLOAT ELSE (i % 100) * -0.5 END::FLOAT AS f,
              ((i % 1000) * 1.25)::DECIMAL(9,2) AS dec9,
              CASE WHEN i % 5 = 0 THEN NULL ELSE (i * 12345.6789)::DECIMAL(18,4) END AS dec18,
              'cat-' || (i % 9) AS low,
              CASE WHEN i % 3 = 0 THEN NULL ELSE 'unique-' || i || repeat('é', i % 4) END AS high,
              ('blob' || (i % 4))::BLOB AS bl,
              DATE '1995-01-01' + (i % 3000)::INTEGER AS dt,
              TIMESTAMP '2020-03-08 01:00:00' + to_microseconds(i * 1001) AS ts
            FROM range(0, 30000) t(i)
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

    @ParameterizedTest
    @ValueSource(strings = {"V1, COMPRESSION snappy", "V2, COMPRESSION zstd", "V1, COMPRESSION uncompressed"})
    void duckDbFilesDecodeAsParquetJavaDecodesThem(String options) throws IOException {
        Path file = ParquetTestFiles.write(dir.resolve("duck.parquet"), DUCKDB_SELECT,
                "ROW_GROUP_SIZE 8192, PARQUET_VERSION " + options);
        if (options.startsWith("V1")) {
            assertThat(chunksDecodedByPages(file)).as("every chunk of a V1 DuckDB file takes the page path")
                    .isEqualTo(chunks(file));
        } else {
            // V2: DuckDB writes DELTA_BINARY_PACKED / DELTA_LENGTH_BYTE_ARRAY where dictionaries do not pay
            assertThat(chunksDecodedByPages(file)).as("some chunks take the page path").isPositive()
                    .isLessThan(chunks(file));
        }
        assertSameRows(file, 777);
        assertSameRows(file, 8192);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void parquetJavaFilesDecodeAlike(boolean v2) throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType("""
                message m {
                  required int32 ri;
                  optional int64 ol;
                  optional double od;
                  required float rf;
                  optional int32 di (DECIMAL(9,3));
                  required int64 dl (DECIMAL(18,2));
                  optional binary s (STRING);
                  required binary raw;
                  optional int32 day (DATE);
                }
                """);
        Path file = dir.resolve("java-" + v2 + ".parquet");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
                .withWriterVersion(v2 ? ParquetProperties.WriterVersion.PARQUET_2_0
                        : ParquetProperties.WriterVersion.PARQUET_1_0)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withDictionaryEncoding(true).withDictionaryPageSize(2048).withPageSize(4096)
                .withRowGroupSize(256 * 1024L).build()) {
            for (int i = 0; i < 20_000; i++) {
                // the first rows repeat (dictionary pages), later ones are unique (the writer falls back to plain)
                int v = i < 5_000 ? i % 10 : i;
                Group g = groups.newGroup().append("ri", v).append("rf", v * 0.25f)
                        .append("dl", (long) v * 101).append("raw", Binary.fromString("r" + v));
                if (i % 4 != 0) {
                    g.append("ol", -v * 3L).append("od", v / 3.0).append("di", v % 999_999);
                }
                if (i % 6 != 1) {
                    g.append("s", "s-" + v + "ß".repeat(v % 3)).append("day", v % 20_000);
                }
                writer.write(g);
            }
        }
        assertThat(chunksDecodedByPages(file)).as("some chunks take the page path").isPositive();
        assertSameRows(file, 1000);
        assertSameRows(file, 333);
    }

    @Test
    void aProjectionOfSomeColumnsAndARepeatedColumnDecodeAlike() throws IOException {
        Path file = ParquetTestFiles.write(dir.resolve("duck.parquet"), DUCKDB_SELECT, "ROW_GROUP_SIZE 10000");
        StructType all = ParquetFiles.inspectSchema(file.toString());
        StructType some = new StructType(List.of()).add(all.fieldList().get(7)).add(all.fieldList().get(2))
                .add(all.fieldList().get(7));
        assertThat(rows(file, some, 4096, true)).isEqualTo(rows(file, some, 4096, false)).hasSize(30_000);
    }

    private void assertSameRows(Path file, int batchRows) {
        StructType schema = ParquetFiles.inspectSchema(file.toString());
        List<List<Object>> byPages = rows(file, schema, batchRows, true);
        List<List<Object>> byValues = rows(file, schema, batchRows, false);
        assertThat(byPages).hasSameSizeAs(byValues).isNotEmpty();
        for (int r = 0; r < byValues.size(); r++) {
            assertThat(byPages.get(r)).as("row %d of %s", r, file.getFileName()).isEqualTo(byValues.get(r));
        }
    }

    private List<List<Object>> rows(Path file, StructType schema, int batchRows, boolean pages) {
        ExecutionContext context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS,
                Integer.toString(batchRows), ParquetScanOperator.PAGE_DECODING, Boolean.toString(pages)));
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                schema, null, context)) {
            return Drain.of(scan).rows.stream().map(r -> r.stream().map(PageColumnReaderTest::comparable).toList())
                    .toList();
        }
    }

    /** byte[] compares by identity; its text compares by value. */
    private static Object comparable(Object v) {
        return v instanceof byte[] b ? "bytes:" + java.util.HexFormat.of().formatHex(b) : v;
    }

    private static int chunks(Path file) throws IOException {
        try (ParquetFileReader reader = open(file)) {
            return reader.getFooter().getBlocks().stream().mapToInt(b -> b.getColumns().size()).sum();
        }
    }

    private static int chunksDecodedByPages(Path file) throws IOException {
        try (ParquetFileReader reader = open(file)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            int count = 0;
            for (BlockMetaData block : reader.getFooter().getBlocks()) {
                for (int f = 0; f < schema.getFieldCount(); f++) {
                    ParquetColumn column = ParquetColumn.map(schema, f).column();
                    ColumnChunkMetaData chunk = block.getColumns().get(f);
                    if (column != null && PageColumnReader.supports(column, chunk)) {
                        count++;
                    }
                }
            }
            return count;
        }
    }

    private static ParquetFileReader open(Path file) {
        return ParquetFiles.open(file.toString(), ParquetFiles.inputFile(file.toString(), Map.of(), null,
                bytes -> { }, requests -> { }));
    }
}
