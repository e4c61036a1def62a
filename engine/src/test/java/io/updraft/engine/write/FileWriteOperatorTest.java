package io.updraft.engine.write;

import io.updraft.core.error.ErrorType;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.FileScan;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.core.task.WrittenFile;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.store.ObjectStores;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.shuffle.output.OutputFolder;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class FileWriteOperatorTest {
    private static final String WRITE_ID = "0b5cf7a4-2a0c-4c1e-9d5e-2f3c1f0e7a11";
    private static final StructType ALL_TYPES = new StructType(List.of())
            .add("i", DataTypes.IntegerType).add("l", DataTypes.LongType).add("d", DataTypes.DoubleType)
            .add("b", DataTypes.BooleanType).add("s", DataTypes.StringType).add("dt", DataTypes.DateType)
            .add("ts", DataTypes.TimestampType).add("m", new DecimalType(7, 2)).add("m2", new DecimalType(15, 2))
            .add("m3", new DecimalType(30, 5)).add("a", DataTypes.createArrayType(DataTypes.StringType));

    @TempDir
    Path dir;
    private BufferAllocator root;
    private TaskRunner runner;

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
        runner = new TaskRunner(root);
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    private static List<Row> allTypeRows() {
        return List.of(
                Row.of(1, 10_000_000_000L, 1.5, true, "héllo", Date.valueOf("2024-02-29"),
                        Timestamp.valueOf("2024-03-10 02:30:00.123456"), new BigDecimal("12345.67"),
                        new BigDecimal("1234567890123.45"), new BigDecimal("-1234567890123456789012345.12345"),
                        List.of("x", "y")),
                Row.of(null, null, null, null, null, null, null, null, null, null, null),
                Row.of(-7, -1L, -0.25, false, "", Date.valueOf("1969-12-31"), Timestamp.valueOf("1969-12-31 23:59:59"),
                        new BigDecimal("-0.01"), new BigDecimal("0.00"), new BigDecimal("0.00001"),
                        Arrays.asList("z", null)));
    }

    private TaskResult write(StructType schema, List<Row> rows, String format, List<String> partitionBy,
                             Map<String, String> options, int task) {
        InlineBatches input = new InlineBatches(schema, List.of(ArrowRows.encode(rows, schema, root)));
        FileWrite write = new FileWrite(input, format, dir.toString(), partitionBy, options, WRITE_ID, false);
        return runner.run(new TaskSpec("job", 0, task, 0, write, Map.of("spark.sql.session.timeZone", "UTC")));
    }

    private List<String> publish(TaskResult result) {
        assertThat(result.status()).as(result.errorMessage()).isEqualTo(TaskStatus.SUCCEEDED);
        OutputFolder folder = folder();
        List<String> keys = new ArrayList<>();
        for (WrittenFile f : result.writtenFiles()) {
            folder.publish(f).join();
            keys.add(f.key());
        }
        folder.discardAll(WRITE_ID).join();
        return keys;
    }

    private OutputFolder folder() {
        return OutputFolder.of(ObjectStores.shared().store(dir.toString(), Map.of()), 5L << 20);
    }

    private List<String> visibleFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void parquetOfEveryTypeReadsBackInDuckDbAndTheEngine() throws IOException {
        TaskResult result = write(ALL_TYPES, allTypeRows(), "parquet", List.of(), Map.of(), 3);
        List<String> keys = publish(result);
        assertThat(keys).containsExactly("part-00003-" + WRITE_ID + "-c000.snappy.parquet");
        assertThat(visibleFiles()).containsExactly(keys.get(0));
        assertThat(result.writtenFiles().get(0).rows()).isEqualTo(3);
        Path file = dir.resolve(keys.get(0));

        List<List<Object>> duck = ParquetTestFiles.query("SELECT i, l, d, b, s, CAST(dt AS VARCHAR), "
                + "CAST(ts AS VARCHAR), CAST(m AS VARCHAR), CAST(m2 AS VARCHAR), CAST(m3 AS VARCHAR), "
                + "CAST(a AS VARCHAR) FROM read_parquet('" + file + "')");
        assertThat(duck).hasSize(3);
        assertThat(duck.get(0)).containsExactly(1, 10_000_000_000L, 1.5, true, "héllo", "2024-02-29",
                "2024-03-10 02:30:00.123456", "12345.67", "1234567890123.45", "-1234567890123456789012345.12345",
                "[x, y]");
        assertThat(duck.get(1)).containsOnlyNulls();
        assertThat(duck.get(2)).containsExactly(-7, -1L, -0.25, false, "", "1969-12-31", "1969-12-31 23:59:59",
                "-0.01", "0.00", "0.00001", "[z, NULL]");
        // the physical schema as Spark writes it
        List<List<Object>> schema = ParquetTestFiles.query("SELECT name, type, logical_type IS NOT NULL, "
                + "repetition_type FROM parquet_schema('" + file + "') WHERE name <> 'spark_schema' ORDER BY name");
        assertThat(schema.stream().map(r -> r.get(0) + ":" + r.get(1) + ":" + r.get(3)).toList()).contains(
                "i:INT32:OPTIONAL", "l:INT64:OPTIONAL", "d:DOUBLE:OPTIONAL", "b:BOOLEAN:OPTIONAL",
                "s:BYTE_ARRAY:OPTIONAL", "dt:INT32:OPTIONAL", "ts:INT96:OPTIONAL", "m:INT32:OPTIONAL",
                "m2:INT64:OPTIONAL", "m3:FIXED_LEN_BYTE_ARRAY:OPTIONAL", "list:null:REPEATED",
                "element:BYTE_ARRAY:OPTIONAL");
        List<List<Object>> meta = ParquetTestFiles.query("SELECT decode(value) FROM parquet_kv_metadata('" + file
                + "') WHERE decode(key) = 'org.apache.spark.sql.parquet.row.metadata'");
        assertThat(meta.get(0).get(0).toString()).startsWith("{\"type\":\"struct\",\"fields\":[{\"name\":\"i\","
                + "\"type\":\"integer\",\"nullable\":true,\"metadata\":{}}").contains(
                "{\"name\":\"a\",\"type\":{\"type\":\"array\",\"elementType\":\"string\",\"containsNull\":true},"
                        + "\"nullable\":true,\"metadata\":{}}");

        // the engine's own reader: every column but the array (nested columns are not read yet)
        ParquetFileInfo info = ParquetFiles.inspect(file.toString());
        StructType flat = new StructType(ALL_TYPES.fieldList().subList(0, 10));
        assertThat(info.schema().fieldList().subList(0, 10)).isEqualTo(flat.fieldList());
        TaskResult read = runner.run(new TaskSpec("job", 1, 0, 0, new FileScan(List.of(new FileSplit(
                file.toString(), List.of(0), Files.size(file))), flat, null), Map.of()));
        List<Row> back = ArrowRows.decode(read.arrowIpcBase64(), flat, root);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 10; c++) {
                assertThat(back.get(r).get(c)).as("row %d column %d", r, c).isEqualTo(allTypeRows().get(r).get(c));
            }
        }
    }

    @Test
    void parquetOfTheSmallNestedAndBinaryTypesReadsBackInDuckDb() {
        StructType point = new StructType(List.of()).add("x", DataTypes.IntegerType).add("s", DataTypes.StringType);
        StructType schema = new StructType(List.of()).add("t", DataTypes.ByteType).add("sm", DataTypes.ShortType)
                .add("f", DataTypes.FloatType).add("bin", DataTypes.BinaryType).add("st", point)
                .add("mp", DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType))
                .add("ast", DataTypes.createArrayType(point));
        java.util.LinkedHashMap<String, Integer> map = new java.util.LinkedHashMap<>();
        map.put("a", 1);
        map.put("b", null);
        List<Row> rows = List.of(
                Row.of((byte) -128, (short) 32767, 1.25f, new byte[]{0, (byte) 0xff, 65}, Row.of(7, "p"), map,
                        List.of(Row.of(1, "q"))),
                Row.of(null, null, null, null, null, null, null),
                Row.of((byte) 5, (short) -2, Float.NaN, new byte[0], Row.of(null, null), Map.of(),
                        Arrays.asList(null, Row.of(2, null))));
        Path file = dir.resolve(publish(write(schema, rows, "parquet", List.of(), Map.of(), 0)).get(0));
        List<List<Object>> duck = ParquetTestFiles.query("SELECT CAST(t AS INTEGER), CAST(sm AS INTEGER), "
                + "CAST(f AS VARCHAR), hex(bin), CAST(st AS VARCHAR), CAST(mp AS VARCHAR), CAST(ast AS VARCHAR) "
                + "FROM read_parquet('" + file + "')");
        assertThat(duck.get(0)).containsExactly(-128, 32767, "1.25", "00FF41", "{'x': 7, 's': p}", "{a=1, b=NULL}",
                "[{'x': 1, 's': q}]");
        assertThat(duck.get(1)).containsOnlyNulls();
        assertThat(duck.get(2)).containsExactly(5, -2, "nan", "", "{'x': NULL, 's': NULL}", "{}",
                "[NULL, {'x': 2, 's': NULL}]");
        List<List<Object>> types = ParquetTestFiles.query("SELECT name, type, repetition_type, converted_type FROM "
                + "parquet_schema('" + file + "') WHERE name <> 'spark_schema'");
        assertThat(types.stream().map(r -> r.get(0) + ":" + r.get(1) + ":" + r.get(2) + ":" + r.get(3)).toList())
                .contains("t:INT32:OPTIONAL:INT_8", "sm:INT32:OPTIONAL:INT_16", "f:FLOAT:OPTIONAL:null",
                        "bin:BYTE_ARRAY:OPTIONAL:null", "mp:null:OPTIONAL:MAP", "key_value:null:REPEATED:null",
                        "key:BYTE_ARRAY:REQUIRED:UTF8", "value:INT32:OPTIONAL:null");
        List<List<Object>> meta = ParquetTestFiles.query("SELECT decode(value) FROM parquet_kv_metadata('" + file
                + "') WHERE decode(key) = 'org.apache.spark.sql.parquet.row.metadata'");
        assertThat(meta.get(0).get(0).toString()).contains("\"type\":\"byte\"", "\"type\":\"short\"",
                "\"type\":\"float\"", "\"type\":\"binary\"", "{\"type\":\"struct\",\"fields\":[{\"name\":\"x\"",
                "{\"type\":\"map\",\"keyType\":\"string\",\"valueType\":\"integer\",\"valueContainsNull\":true}");
    }

    @Test
    void parquetCompressionCodecsNameTheirFiles() {
        for (String[] codec : new String[][]{{"none", ".parquet", "UNCOMPRESSED"}, {"gzip", ".gz.parquet", "GZIP"},
                {"zstd", ".zstd.parquet", "ZSTD"}, {"snappy", ".snappy.parquet", "SNAPPY"}}) {
            TaskResult result = write(ALL_TYPES, allTypeRows(), "parquet", List.of(),
                    Map.of("compression", codec[0]), 0);
            String key = publish(result).get(0);
            assertThat(key).isEqualTo("part-00000-" + WRITE_ID + "-c000" + codec[1]);
            assertThat(ParquetTestFiles.query("SELECT DISTINCT compression FROM parquet_metadata('"
                    + dir.resolve(key) + "')")).containsExactly(List.of(codec[2]));
            assertThat(ParquetTestFiles.query("SELECT count(*) FROM read_parquet('" + dir.resolve(key) + "')"))
                    .containsExactly(List.of(3L));
        }
    }

    @Test
    void maxRecordsPerFileRollsOverToTheNextCounter() {
        StructType schema = new StructType(List.of()).add("x", DataTypes.IntegerType);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rows.add(Row.of(i));
        }
        TaskResult result = write(schema, rows, "parquet", List.of(), Map.of("maxRecordsPerFile", "2"), 1);
        List<String> keys = publish(result);
        assertThat(keys).containsExactly("part-00001-" + WRITE_ID + "-c000.snappy.parquet",
                "part-00001-" + WRITE_ID + "-c001.snappy.parquet", "part-00001-" + WRITE_ID + "-c002.snappy.parquet");
        assertThat(result.writtenFiles().stream().map(WrittenFile::rows).toList()).containsExactly(2L, 2L, 1L);
        assertThat(ParquetTestFiles.query("SELECT CAST(sum(x) AS BIGINT), count(*) FROM read_parquet('" + dir + "/*.parquet')"))
                .containsExactly(List.of(10L, 5L));
    }

    @Test
    void partitionByWritesHiveFoldersWithSparksEscapingAndDropsTheColumns() throws IOException {
        StructType schema = new StructType(List.of()).add("k", DataTypes.StringType).add("v", DataTypes.IntegerType)
                .add("d", DataTypes.DateType);
        List<Row> rows = List.of(Row.of("a/b", 1, Date.valueOf("2024-01-01")), Row.of("a/b", 2, Date.valueOf("2024-01-01")),
                Row.of(null, 3, Date.valueOf("2024-01-02")), Row.of("x=y%", 4, null), Row.of("", 5, null));
        List<String> keys = publish(write(schema, rows, "parquet", List.of("k", "d"), Map.of(), 0));
        assertThat(keys).containsExactlyInAnyOrder(
                "k=a%2Fb/d=2024-01-01/part-00000-" + WRITE_ID + ".c000.snappy.parquet",
                "k=__HIVE_DEFAULT_PARTITION__/d=2024-01-02/part-00000-" + WRITE_ID + ".c000.snappy.parquet",
                "k=x%3Dy%25/d=__HIVE_DEFAULT_PARTITION__/part-00000-" + WRITE_ID + ".c000.snappy.parquet",
                "k=__HIVE_DEFAULT_PARTITION__/d=__HIVE_DEFAULT_PARTITION__/part-00000-" + WRITE_ID
                        + ".c000.snappy.parquet");
        Path file = dir.resolve(keys.get(0));
        assertThat(ParquetTestFiles.query("SELECT name FROM parquet_schema('" + file + "') WHERE name <> "
                + "'spark_schema'")).containsExactly(List.of("v"));
        assertThat(ParquetTestFiles.query("SELECT v FROM read_parquet('" + file + "') ORDER BY v"))
                .containsExactly(List.of(1), List.of(2));
        assertThat(visibleFiles()).hasSize(4);
    }

    @Test
    void csvWithHeaderNullAndEmptyValuesQuotingAndDateFormats() throws IOException {
        StructType schema = new StructType(List.of()).add("s", DataTypes.StringType).add("n", DataTypes.IntegerType)
                .add("d", DataTypes.DateType).add("t", DataTypes.TimestampType).add("x", DataTypes.DoubleType);
        List<Row> rows = List.of(Row.of("plain", 1, Date.valueOf("2024-01-31"), new Timestamp(0), 1.5),
                Row.of("a,b", null, null, null, null), Row.of("", 3, null, null, 1e20),
                Row.of("say \"hi\"", 4, null, null, null), Row.of("  padded ", 5, null, null, null));
        List<String> keys = publish(write(schema, rows, "csv", List.of(), Map.of("header", "true"), 0));
        assertThat(keys).containsExactly("part-00000-" + WRITE_ID + "-c000.csv");
        assertThat(Files.readString(dir.resolve(keys.get(0)))).isEqualTo("""
                s,n,d,t,x
                plain,1,2024-01-31,1970-01-01T00:00:00.000Z,1.5
                "a,b",,,,
                \"\",3,,,1.0E20
                "say \\"hi\\"",4,,,
                padded,5,,,
                """);
        List<String> options = publish(write(schema, rows.subList(0, 2), "csv", List.of(),
                Map.of("sep", ";", "nullValue", "NULL", "dateFormat", "dd/MM/yyyy", "compression", "gzip"), 0));
        assertThat(options).containsExactly("part-00000-" + WRITE_ID + "-c000.csv.gz");
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(dir.resolve(options.get(0))))) {
            assertThat(new String(in.readAllBytes())).isEqualTo(
                    "plain;1;31/01/2024;1970-01-01T00:00:00.000Z;1.5\na,b;NULL;NULL;NULL;NULL\n");
        }
    }

    @Test
    void jsonLinesLeaveNullFieldsOut() throws IOException {
        StructType schema = new StructType(List.of()).add("s", DataTypes.StringType).add("n", DataTypes.LongType)
                .add("m", new DecimalType(5, 2)).add("a", DataTypes.createArrayType(DataTypes.IntegerType))
                .add("d", DataTypes.DateType);
        List<Row> rows = List.of(Row.of("x\"y", 1L, new BigDecimal("1.50"), List.of(1, 2), Date.valueOf("2024-05-06")),
                Row.of(null, null, null, null, null));
        List<String> keys = publish(write(schema, rows, "json", List.of(), Map.of(), 2));
        assertThat(keys).containsExactly("part-00002-" + WRITE_ID + "-c000.json");
        assertThat(Files.readString(dir.resolve(keys.get(0)))).isEqualTo(
                "{\"s\":\"x\\\"y\",\"n\":1,\"m\":1.50,\"a\":[1,2],\"d\":\"2024-05-06\"}\n{}\n");
    }

    @Test
    void textWritesOneLinePerRowAndRejectsOtherSchemas() throws IOException {
        StructType one = new StructType(List.of()).add("value", DataTypes.StringType);
        List<String> keys = publish(write(one, List.of(Row.of("a"), Row.of((Object) null), Row.of("b")), "text",
                List.of(), Map.of(), 0));
        assertThat(keys).containsExactly("part-00000-" + WRITE_ID + "-c000.txt");
        assertThat(Files.readString(dir.resolve(keys.get(0)))).isEqualTo("a\n\nb\n");

        StructType two = one.add("n", DataTypes.IntegerType);
        TaskResult failed = write(two, List.of(Row.of("a", 1)), "text", List.of(), Map.of(), 0);
        assertThat(failed.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(failed.errorType()).isEqualTo(ErrorType.USER);
        assertThat(failed.errorMessage()).contains("Text data source supports only a single column");
    }

    @Test
    void emptyTaskWritesOneFileOnlyAsTaskZeroAndAFailedAttemptLeavesNothingStaged() throws IOException {
        StructType schema = new StructType(List.of()).add("x", DataTypes.IntegerType);
        assertThat(write(schema, List.of(), "parquet", List.of(), Map.of(), 1).writtenFiles()).isEmpty();
        TaskResult zero = write(schema, List.of(), "parquet", List.of(), Map.of(), 0);
        assertThat(zero.writtenFiles()).hasSize(1);
        assertThat(folder().pending(WRITE_ID).join()).hasSize(1);
        folder().discard(zero.writtenFiles().get(0)).join();
        assertThat(folder().pending(WRITE_ID).join()).isEmpty();

        StructType array = new StructType(List.of()).add("a", DataTypes.createArrayType(DataTypes.IntegerType));
        TaskResult failed = write(array, List.of(Row.of(List.of(1))), "csv", List.of(), Map.of(), 0);
        assertThat(failed.errorClass()).isEqualTo("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE");
        assertThat(folder().pending(WRITE_ID).join()).isEmpty();
        folder().discardAll(WRITE_ID).join();
        assertThat(visibleFiles()).isEmpty();
    }
}
