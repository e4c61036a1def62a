package io.updraft.engine.parquet;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.store.ObjectStoreProvider;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * s3:// splits through the object-store InputFile: the provider maps the bucket to a LocalObjectStore here
 * (the same {@link ObjectStoreInputFile} code path as S3, with the store's request counts to check).
 */
class ObjectStoreInputFileTest {
    @TempDir
    Path dir;
    private BufferAllocator allocator;
    private LocalObjectStore bucket;
    private ExecutionContext context;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        bucket = new LocalObjectStore(dir.resolve("bucket"));
        ObjectStoreProvider stores = (root, settings) -> {
            assertThat(root).isEqualTo("s3://bucket");
            return bucket;
        };
        context = new ExecutionContext(allocator, Map.of(), "job", 0, 0, 0, stores);
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private Path wide() throws Exception {
        Path file = Files.createDirectories(dir.resolve("bucket/tables")).resolve("wide.parquet");
        return ParquetTestFiles.write(file, """
                SELECT range::BIGINT AS id, 'name-' || range AS name, (range % 1000)::DECIMAL(12,2) AS amount,
                       md5(range::VARCHAR) || md5((range * 7)::VARCHAR) || md5((range * 13)::VARCHAR) AS padding, range * 0.5 AS half
                FROM range(60000)
                """, 20000);
    }

    @Test
    void scansS3PathsWithRangedGetsOfOnlyTheRequestedColumns() throws Exception {
        Path file = wide();
        long fileSize = Files.size(file);
        StructType schema = new StructType(List.of()).add("id", DataTypes.LongType)
                .add("amount", new DecimalType(12, 2));
        Drain result;
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit("s3://bucket/tables/wide.parquet",
                List.of(), fileSize)), schema, null, context)) {
            result = Drain.of(scan);
        }
        assertThat(result.rows).hasSize(60000);
        assertThat(result.rows.get(12345)).containsExactly(12345L, new java.math.BigDecimal("345.00"));
        long fetched = bucket.requestCounts().bytesRead();
        assertThat(fetched).isEqualTo(context.metrics().bytesRead());
        // the padding and name columns dominate the file and are never fetched
        assertThat(fetched).isLessThan(fileSize / 4);
        // 1 HEAD, 1 GET for footer length + footer, then one GET per row group for its two column chunks
        // (not adjacent: separate reads), at most
        assertThat(bucket.requestCounts().heads()).isEqualTo(1);
        assertThat(bucket.requestCounts().gets()).isBetween(4L, 1L + 3 * 2);
        assertThat(context.metrics().objectStoreRequests()).isEqualTo(bucket.requestCounts().gets() + 1);
    }

    @Test
    void inspectAndMissingObjects() throws Exception {
        wide();
        assertThatThrownBy(() -> new ParquetScanOperator(List.of(new FileSplit("s3://bucket/tables/none.parquet",
                List.of(), 0)), new StructType(List.of()), null, context).next())
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("Path does not exist: s3://bucket/tables/none.parquet");
        Files.writeString(dir.resolve("bucket/tables/bad.parquet"), "not parquet");
        assertThatThrownBy(() -> new ParquetScanOperator(List.of(new FileSplit("s3://bucket/tables/bad.parquet",
                List.of(), 0)), new StructType(List.of()), null, context).next())
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageStartingWith("Could not read Parquet file s3://bucket/tables/bad.parquet");
    }

    @Test
    void smallReadsAreServedFromOneTailWindow() throws Exception {
        Path file = wide();
        long length = Files.size(file);
        long[] requests = new long[1];
        ObjectStoreInputFile input = new ObjectStoreInputFile(bucket, "tables/wide.parquet", "s3://bucket/x", length,
                bytes -> { }, r -> requests[0] += r);
        try (var stream = input.newStream()) {
            byte[] tail = new byte[8];
            stream.seek(length - 8);
            stream.readFully(tail);
            byte[] more = new byte[1000];
            stream.seek(length - 1008);
            stream.readFully(more);
            assertThat(requests[0]).isEqualTo(1);
            assertThat(new String(tail, 4, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PAR1");
            stream.seek(0);
            byte[] head = new byte[4];
            stream.readFully(head);
            assertThat(new String(head, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PAR1");
            assertThat(requests[0]).isEqualTo(2);
            stream.seek(length - 2);
            assertThat(stream.read(new byte[10], 0, 10)).isEqualTo(2);
            assertThat(stream.read()).isEqualTo(-1);
        }
    }
}
