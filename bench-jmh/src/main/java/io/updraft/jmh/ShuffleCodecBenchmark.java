package io.updraft.jmh;

import io.updraft.bench.TpchData;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.parquet.ParquetScanOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.shuffle.format.CompressionFactory;
import io.updraft.sql.types.StructType;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.Schema;
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

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Shuffle encode and decode: the first {@link #rows} rows of TPC-H {@code lineitem} (all 16 columns, batches as the
 * scan makes them) written as one Arrow IPC stream with buffer compression — as {@code ShuffleObjectWriter} writes a
 * partition — and read back. Codecs: {@code none}, {@code lz4-commons} (arrow-compression's commons-compress LZ4
 * frame codec, the engine's "lz4" before), {@code lz4-aircompressor} (shuffle-s3's {@code Lz4FrameCodec}, "lz4" now),
 * {@code zstd} (zstd-jni). MB/s are of the uncompressed IPC stream ({@code none}'s size).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "-Xmx4g"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 4, time = 5)
public class ShuffleCodecBenchmark {
    static final List<String> CODECS = List.of("none", "lz4-commons", "lz4-aircompressor", "zstd");

    @Param({"none", "lz4-commons", "lz4-aircompressor", "zstd"})
    public String codec;

    @Param({"131072"})
    public int rows;

    private BufferAllocator allocator;
    private Schema schema;
    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private byte[] encoded;

    @Setup(Level.Trial)
    public void setUp() {
        Path data = Path.of(System.getProperty("updraft.jmh.data", "data/tpch/sf1")).toAbsolutePath();
        if (!TpchData.isComplete(data)) {
            TpchData.generate(Double.parseDouble(System.getProperty("updraft.jmh.scale", "1")), data);
        }
        List<FileSplit> splits;
        try (Stream<Path> list = Files.list(data.resolve("lineitem"))) {
            splits = list.filter(p -> p.toString().endsWith(".parquet")).sorted()
                    .map(f -> new FileSplit(f.toString(), List.of(), 0)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StructType columns = ParquetFiles.inspectSchema(splits.get(0).path());
        allocator = new RootAllocator();
        long read = 0;
        try (ExecutionContext context = new ExecutionContext(allocator, Map.of());
             ParquetScanOperator scan = new ParquetScanOperator(splits, columns, null, context)) {
            for (Batch batch = scan.next(); batch != null; batch = read < rows ? scan.next() : null) {
                List<FieldVector> vectors = new ArrayList<>();
                for (FieldVector v : batch.vectors()) {
                    var pair = v.getTransferPair(allocator);
                    pair.transfer();
                    vectors.add((FieldVector) pair.getTo());
                }
                batches.add(new VectorSchemaRoot(vectors));
                read += batch.rowCount();
                batch.close();
            }
        }
        schema = batches.get(0).getSchema();
        encoded = encodeBytes();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
        allocator.close();
    }

    /** Returns the encoded stream's length. */
    @Benchmark
    public int encode() {
        return encodeBytes().length;
    }

    private byte[] encodeBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(bytes),
                     IpcOption.DEFAULT, factory(codec), codecType(codec))) {
            writer.start();
            for (VectorSchemaRoot batch : batches) {
                try (ArrowRecordBatch recordBatch = new VectorUnloader(batch).getRecordBatch()) {
                    new VectorLoader(root).load(recordBatch);
                }
                writer.writeBatch();
            }
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Returns the rows decoded. */
    @Benchmark
    public long decode() {
        long n = 0;
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(encoded), allocator,
                factory(codec))) {
            while (reader.loadNextBatch()) {
                n += reader.getVectorSchemaRoot().getRowCount();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return n;
    }

    long rowsRead() {
        return batches.stream().mapToLong(VectorSchemaRoot::getRowCount).sum();
    }

    int encodedLength() {
        return encoded.length;
    }

    static CompressionCodec.Factory factory(String codec) {
        return switch (codec) {
            case "none" -> NoCompressionCodec.Factory.INSTANCE;
            case "lz4-commons" -> CommonsCompressionFactory.INSTANCE;
            case "lz4-aircompressor", "zstd" -> CompressionFactory.INSTANCE;
            default -> throw new IllegalArgumentException("codec " + codec + ": use one of " + CODECS);
        };
    }

    static CompressionUtil.CodecType codecType(String codec) {
        return switch (codec) {
            case "none" -> CompressionUtil.CodecType.NO_COMPRESSION;
            case "lz4-commons", "lz4-aircompressor" -> CompressionUtil.CodecType.LZ4_FRAME;
            case "zstd" -> CompressionUtil.CodecType.ZSTD;
            default -> throw new IllegalArgumentException("codec " + codec + ": use one of " + CODECS);
        };
    }
}
