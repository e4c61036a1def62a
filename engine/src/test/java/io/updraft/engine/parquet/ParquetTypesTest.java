package io.updraft.engine.parquet;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Physical layouts DuckDB does not write: INT96, millis/nanos timestamps, binary decimals, REQUIRED columns. */
class ParquetTypesTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message spark_like {
              required int32 req_int;
              required double req_double;
              optional int96 legacy_ts;
              optional int64 ts_millis (TIMESTAMP(MILLIS,true));
              optional int64 ts_nanos (TIMESTAMP(NANOS,true));
              optional fixed_len_byte_array(16) flba_dec (DECIMAL(38,4));
              optional binary bin_dec (DECIMAL(20,2));
              optional int32 int_dec (DECIMAL(9,3));
              optional int32 u32 (INTEGER(32,false));
              optional binary raw;
              optional group nested { optional int32 x; }
              repeated int32 list_like;
            }
            """);

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

    private Path write() throws IOException {
        Path file = dir.resolve("spark_like.parquet");
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withType(SCHEMA).build()) {
            Group full = groups.newGroup()
                    .append("req_int", 7)
                    .append("req_double", 2.5)
                    // 2000-01-02 00:00:01.000002 UTC: Julian day 2451546
                    .append("legacy_ts", new NanoTime(2451546, 1_000_002_000L))
                    .append("ts_millis", 1_500L)
                    .append("ts_nanos", -1_500L)
                    .append("flba_dec", Binary.fromConstantByteArray(bigEndian16(new BigInteger("-123456789012345678901234"))))
                    .append("bin_dec", Binary.fromConstantByteArray(new BigInteger("-12345").toByteArray()))
                    .append("int_dec", 1234)
                    .append("u32", -1)
                    .append("raw", Binary.fromString("bytes"));
            full.addGroup("nested").append("x", 1);
            writer.write(full);
            writer.write(groups.newGroup().append("req_int", 8).append("req_double", -1.0));
        }
        return file;
    }

    private static byte[] bigEndian16(BigInteger value) {
        byte[] minimal = value.toByteArray();
        byte[] out = new byte[16];
        Arrays.fill(out, 0, 16 - minimal.length, value.signum() < 0 ? (byte) -1 : 0);
        System.arraycopy(minimal, 0, out, 16 - minimal.length, minimal.length);
        return out;
    }

    @Test
    void inspectMapsTypesAndListsUnsupportedColumns() throws IOException {
        ParquetFileInfo info = ParquetFiles.inspect(write().toString());

        assertThat(info.schema().simpleString()).isEqualTo("struct<req_int:int,req_double:double,legacy_ts:timestamp,"
                + "ts_millis:timestamp,ts_nanos:timestamp,flba_dec:decimal(38,4),bin_dec:decimal(20,2),"
                + "int_dec:decimal(9,3),u32:bigint,raw:binary,nested:struct<x:int>>");
        assertThat(info.unsupportedColumns()).hasSize(1);
        assertThat(info.unsupportedColumns().get(0)).startsWith("list_like (");
        assertThat(info.rowCount()).isEqualTo(2);
        assertThat(info.rowGroups()).hasSize(1);
        assertThat(info.rowGroups().get(0).rowCount()).isEqualTo(2);
        assertThat(info.rowGroups().get(0).compressedBytes()).isPositive();
    }

    @Test
    void decodesLegacyAndBinaryLayouts() throws IOException {
        Path file = write();
        StructType schema = ParquetFiles.inspectSchema(file.toString());
        ExecutionContext context = new ExecutionContext(allocator, Map.of());
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                schema, null, context)) {
            Drain result = Drain.of(scan);
            long jan2 = 10_958L * 86_400_000_000L;
            // an unannotated binary reads as Spark's binary (byte[]), shown here as its text to compare by value
            List<List<Object>> rows = result.rows.stream().map(r -> r.stream().map(v -> v instanceof byte[] b
                    ? (Object) ("binary:" + new String(b, java.nio.charset.StandardCharsets.UTF_8))
                    : v instanceof io.updraft.sql.Row struct ? struct.toList() : v).toList())
                    .toList();
            assertThat(rows).containsExactly(
                    Arrays.asList(7, 2.5, jan2 + 1_000_002L, 1_500_000L, -2L,
                            new BigDecimal("-12345678901234567890.1234"), new BigDecimal("-123.45"),
                            new BigDecimal("1.234"), 4_294_967_295L, "binary:bytes", List.of(1)),
                    Arrays.asList(8, -1.0, null, null, null, null, null, null, null, null, null));
        }
    }

    @Test
    void requestingAnUnreadableColumnIsAUserError() throws IOException {
        Path file = write();
        ExecutionContext context = new ExecutionContext(allocator, Map.of());
        assertThatThrownBy(() -> new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                new StructType(List.of()).add("list_like", DataTypes.IntegerType), null, context).next())
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("list_like")
                .hasMessageContaining("cannot read yet");
        assertThatThrownBy(() -> new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                new StructType(List.of()).add("nested", DataTypes.IntegerType), null, context).next())
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("has type struct<x:int>");
    }

    @Test
    void typeMismatchWithThePlanIsAUserError() throws IOException {
        Path file = write();
        ExecutionContext context = new ExecutionContext(allocator, Map.of());
        assertThatThrownBy(() -> new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                new StructType(List.of()).add("int_dec", new DecimalType(10, 3)), null, context).next())
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("'int_dec' has type decimal(9,3)")
                .hasMessageContaining("expects decimal(10,3)");
    }

    @Test
    void stringsOfDictionaryPagesAndOfPlainFallbackPagesDecodeAlike() throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType("""
                message strings {
                  required binary req_str (STRING);
                  optional binary opt_str (STRING);
                }
                """);
        Path file = dir.resolve("strings.parquet");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        int rows = 6_000;
        List<List<Object>> expected = new java.util.ArrayList<>();
        // a small dictionary page limit: the first rows repeat a few values (dictionary pages), then unique
        // values overflow the dictionary and the writer falls back to plain pages within the same chunk
        try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withType(schema).withDictionaryEncoding(true).withDictionaryPageSize(512).withPageSize(1024)
                .build()) {
            for (int i = 0; i < rows; i++) {
                String required = i < 2_000 ? "v" + (i % 7) : "unique-" + i + "-é".repeat(i % 3);
                String optional = i % 3 == 0 ? null : i < 1_000 ? "ü" + (i % 5) : "";
                Group g = groups.newGroup().append("req_str", required);
                if (optional != null) {
                    g.append("opt_str", optional);
                }
                writer.write(g);
                expected.add(Arrays.asList(required, optional));
            }
        }
        try (var reader = ParquetFiles.open(file.toString(), ParquetFiles.inputFile(file.toString(), Map.of(),
                null, bytes -> { }, requests -> { }))) {
            var encodings = reader.getFooter().getBlocks().get(0).getColumns().get(0).getEncodings();
            assertThat(encodings).as("the test needs dictionary and plain pages in one chunk")
                    .contains(org.apache.parquet.column.Encoding.PLAIN)
                    .containsAnyOf(org.apache.parquet.column.Encoding.PLAIN_DICTIONARY,
                            org.apache.parquet.column.Encoding.RLE_DICTIONARY);
        }
        ExecutionContext context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS, "700"));
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                ParquetFiles.inspectSchema(file.toString()), null, context)) {
            assertThat(Drain.of(scan).rows).isEqualTo(expected);
        }
    }
}
