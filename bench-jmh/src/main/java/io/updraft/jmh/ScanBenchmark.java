package io.updraft.jmh;

import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.schema.ColumnProjection;
import io.updraft.bench.TpchData;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.parquet.ParquetScanOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The scan alone: every file of TPC-H {@code lineitem} read once per operation, all 16 columns or the 4 of Q6, by
 * Updraft's page decoder, Updraft's value-at-a-time decoder (both into Arrow vectors), parquet-java's record reader
 * (example {@code Group}s) and Hardwood's column reader (primitive arrays per batch), one thread each. Rows per
 * second per core = lineitem's rows / the average time (printed by {@code scripts/jmh}). The data folder is the
 * system property {@code updraft.jmh.data} (default {@code data/tpch/sf1}); it is generated when missing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "-Xmx4g"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 4, time = 5)
public class ScanBenchmark {
    static final List<String> Q6_COLUMNS = List.of("l_quantity", "l_extendedprice", "l_discount", "l_shipdate");

    @Param({"all", "q6"})
    public String columns;

    @Param({"updraft-pages", "updraft-values", "parquet-java-records", "hardwood-columns"})
    public String reader;

    private List<Path> files;
    private StructType schema;
    private BufferAllocator allocator;
    private HardwoodContext hardwood;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Path data = Path.of(System.getProperty("updraft.jmh.data", "data/tpch/sf1")).toAbsolutePath();
        if (!TpchData.isComplete(data)) {
            double scale = Double.parseDouble(System.getProperty("updraft.jmh.scale", "1"));
            TpchData.generate(scale, data);
        }
        try (Stream<Path> list = Files.list(data.resolve("lineitem"))) {
            files = list.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
        }
        StructType all = ParquetFiles.inspectSchema(files.get(0).toString());
        schema = columns.equals("all") ? all : new StructType(all.fieldList().stream()
                .filter(f -> Q6_COLUMNS.contains(f.name())).toList());
        allocator = new RootAllocator();
        hardwood = HardwoodContext.create(1);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        hardwood.close();
        allocator.close();
    }

    /** Returns the rows read. */
    @Benchmark
    public long scan(Blackhole bh) throws IOException {
        return scan(bh::consume);
    }

    /** One full read by {@link #reader}; every batch's values go to {@code sink}. Returns the rows read. */
    long scan(Consumer<Object> bh) throws IOException {
        return switch (reader) {
            case "updraft-pages" -> updraft(true, bh);
            case "updraft-values" -> updraft(false, bh);
            case "parquet-java-records" -> parquetJava(bh);
            case "hardwood-columns" -> hardwood(bh);
            default -> throw new IllegalArgumentException(reader);
        };
    }

    private long updraft(boolean pages, Consumer<Object> bh) {
        ExecutionContext context = new ExecutionContext(allocator,
                Map.of(ParquetScanOperator.PAGE_DECODING, Boolean.toString(pages)));
        List<FileSplit> splits = files.stream().map(f -> new FileSplit(f.toString(), List.of(), 0)).toList();
        long rows = 0;
        try (context; ParquetScanOperator scan = new ParquetScanOperator(splits, schema, null, context)) {
            for (Batch batch = scan.next(); batch != null; batch = scan.next()) {
                rows += batch.rowCount();
                bh.accept(batch.vectors().get(0).getDataBuffer().memoryAddress());
                batch.close();
            }
        }
        return rows;
    }

    private long parquetJava(Consumer<Object> bh) throws IOException {
        StringBuilder message = new StringBuilder("message lineitem {");
        org.apache.parquet.schema.MessageType fileSchema;
        try (var footer = org.apache.parquet.hadoop.ParquetFileReader.open(
                new LocalInputFile(files.get(0)))) {
            fileSchema = footer.getFooter().getFileMetaData().getSchema();
        }
        for (StructField field : schema.fieldList()) {
            message.append(fileSchema.getType(field.name())).append(';');
        }
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        conf.set(ReadSupport.PARQUET_READ_SCHEMA, message.append('}').toString());
        long rows = 0;
        for (Path file : files) {
            try (ParquetReader<Group> records = new GroupReaderBuilder(new LocalInputFile(file), conf).build()) {
                for (Group g = records.read(); g != null; g = records.read()) {
                    bh.accept(g);
                    rows++;
                }
            }
        }
        return rows;
    }

    /** parquet-java's record reader over a local file, without Hadoop's file system. */
    private static final class GroupReaderBuilder extends ParquetReader.Builder<Group> {
        GroupReaderBuilder(LocalInputFile file, PlainParquetConfiguration conf) {
            super(file, conf);
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }

    private long hardwood(Consumer<Object> bh) throws IOException {
        String[] names = schema.fieldList().stream().map(StructField::name).toArray(String[]::new);
        long rows = 0;
        for (Path file : files) {
            try (var reader = dev.hardwood.reader.ParquetFileReader.open(InputFile.of(file), hardwood);
                 ColumnReaders readers = reader.buildColumnReaders(ColumnProjection.columns(names)).batchSize(8192)
                         .build()) {
                while (readers.nextBatch()) {
                    rows += readers.getRecordCount();
                    for (int c = 0; c < readers.getColumnCount(); c++) {
                        bh.accept(values(readers.getColumnReader(c)));
                    }
                }
            }
        }
        return rows;
    }

    private static Object values(ColumnReader column) {
        return switch (column.getColumnSchema().type()) {
            case INT32 -> column.getInts();
            case INT64 -> column.getLongs();
            case DOUBLE -> column.getDoubles();
            case FLOAT -> column.getFloats();
            case BOOLEAN -> column.getBooleans();
            default -> column.getBinaryValues();
        };
    }

    static long rowsOf(Path data) {
        try (Stream<Path> list = Files.list(data.resolve("lineitem"))) {
            return list.filter(p -> p.toString().endsWith(".parquet"))
                    .mapToLong(p -> ParquetFiles.inspect(p.toString()).rowCount()).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
