package io.updraft.engine.parquet;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ParquetTestFiles;
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
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParquetScanOperatorTest {
    private static final DecimalType PRICE = new DecimalType(15, 2);

    @TempDir
    Path dir;
    private BufferAllocator allocator;
    private ExecutionContext context;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        context = new ExecutionContext(allocator, Map.of());
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    /** The three rows below, each 1000 times (row group size 2048: two row groups), in order. */
    private Path typesFile() {
        return ParquetTestFiles.write(dir.resolve("types.parquet"), """
                SELECT t.* FROM range(1000) r, (VALUES
                  (1, 10::BIGINT, 1.5::DOUBLE, 12.34::DECIMAL(15,2), 'apple', DATE '2024-01-31',
                   TIMESTAMP '2024-01-31 12:34:56.789012', true, 1.25::FLOAT, 123456789012345678901234.5::DECIMAL(30,1)),
                  (2, NULL, NULL, -0.05::DECIMAL(15,2), NULL, NULL, NULL, NULL, NULL, NULL),
                  (3, -7::BIGINT, -2.0::DOUBLE, NULL, 'ünïcödé', DATE '1969-12-31',
                   TIMESTAMP '1969-12-31 23:59:59.5', false, -0.5::FLOAT, -1.5::DECIMAL(30,1))
                ) t(i, l, d, p, s, dt, ts, b, f, big)
                ORDER BY t.i, r.range
                """, 2048);
    }

    private Drain scan(Path file, StructType schema, Expr filter) {
        try (ParquetScanOperator scan = new ParquetScanOperator(
                List.of(new FileSplit(file.toString(), List.of(), 0)), schema, filter, context)) {
            return Drain.of(scan);
        }
    }

    @Test
    void readsEveryTypeWithNullsAcrossRowGroups() {
        StructType schema = new StructType(List.of())
                .add("i", DataTypes.IntegerType).add("l", DataTypes.LongType).add("d", DataTypes.DoubleType)
                .add("p", PRICE).add("s", DataTypes.StringType).add("dt", DataTypes.DateType)
                .add("ts", DataTypes.TimestampType).add("b", DataTypes.BooleanType).add("f", DataTypes.FloatType)
                .add("big", new DecimalType(30, 1));

        Drain result = scan(typesFile(), schema, null);

        int jan31 = (int) LocalDate.of(2024, 1, 31).toEpochDay();
        long ts = jan31 * 86_400_000_000L + ((12 * 60 + 34) * 60 + 56) * 1_000_000L + 789_012;
        assertThat(result.batchSizes).containsExactly(2048, 952);
        assertThat(List.of(result.rows.get(0), result.rows.get(1000), result.rows.get(2999))).containsExactly(
                Arrays.asList(1, 10L, 1.5, new BigDecimal("12.34"), "apple", jan31, ts, true, 1.25f,
                        new BigDecimal("123456789012345678901234.5")),
                Arrays.asList(2, null, null, new BigDecimal("-0.05"), null, null, null, null, null, null),
                Arrays.asList(3, -7L, -2.0, null, "ünïcödé", -1, -500_000L, false, -0.5f, new BigDecimal("-1.5")));
        assertThat(result.rows.stream().distinct().count()).isEqualTo(3);
        assertThat(context.metrics().rowGroupsRead()).isEqualTo(2);
        assertThat(context.metrics().rowsRead()).isEqualTo(3000);
    }

    @Test
    void matchesColumnsByNameCaseInsensitivelyInRequestedOrder() {
        StructType schema = new StructType(List.of()).add("S", DataTypes.StringType).add("I", DataTypes.IntegerType);
        Drain result = scan(typesFile(), schema, null);
        assertThat(List.of(result.rows.get(0), result.rows.get(1000), result.rows.get(2000)))
                .containsExactly(List.of("apple", 1), Arrays.asList(null, 2), List.of("ünïcödé", 3));
    }

    @Test
    void decodesOnlyRequestedColumns() {
        Path file = ParquetTestFiles.write(dir.resolve("wide.parquet"),
                "SELECT range AS id, md5(range::VARCHAR) || md5((range * 7)::VARCHAR) AS payload FROM range(20000)",
                "ROW_GROUP_SIZE 10000, COMPRESSION uncompressed");
        long fileSize = size(file);

        scan(file, new StructType(List.of()).add("id", DataTypes.LongType), null);
        long idOnly = context.metrics().bytesRead();

        ExecutionContext both = new ExecutionContext(allocator, Map.of());
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                new StructType(List.of()).add("id", DataTypes.LongType).add("payload", DataTypes.StringType), null,
                both)) {
            Drain.of(scan);
        }

        assertThat(idOnly).isLessThan(fileSize / 4);
        assertThat(both.metrics().bytesRead()).isGreaterThan(fileSize * 3 / 4);
    }

    @Test
    void countOnlyScanReadsNoPages() {
        Path file = ParquetTestFiles.write(dir.resolve("count.parquet"),
                "SELECT range AS id, range::VARCHAR AS s FROM range(25000)", "ROW_GROUP_SIZE 10240");

        Drain result = scan(file, new StructType(List.of()), null);

        assertThat(result.rows).hasSize(25000);
        assertThat(result.rows.get(0)).isEmpty();
        assertThat(result.batchSizes.stream().mapToInt(Integer::intValue).max().getAsInt()).isLessThanOrEqualTo(8192);
        assertThat(context.metrics().rowGroupsRead()).isEqualTo(3);
        // only the footer and the magic bytes are read, never a column chunk
        assertThat(context.metrics().bytesRead()).isLessThan(size(file) / 4);
    }

    @Test
    void batchSizeIsConfigurable() {
        Path file = ParquetTestFiles.write(dir.resolve("batches.parquet"), "SELECT range AS id FROM range(1000)", 2048);
        context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS, "300"));
        Drain result = scan(file, new StructType(List.of()).add("id", DataTypes.LongType), null);
        assertThat(result.batchSizes).containsExactly(300, 300, 300, 100);
        assertThat(result.rows.get(999)).containsExactly(999L);
    }

    @Test
    void skipsRowGroupsFromStatistics() {
        Path file = ParquetTestFiles.write(dir.resolve("sorted.parquet"),
                "SELECT range AS id, (range / 100)::DECIMAL(15,2) AS price FROM range(20480)", 2048);
        StructType schema = new StructType(List.of()).add("id", DataTypes.LongType).add("price", PRICE);
        Expr idAtLeast19000 = new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, new ColumnRef(0, DataTypes.LongType, true),
                Literal.of(19000L));

        Drain result = scan(file, schema, idAtLeast19000);

        assertThat(ParquetFiles.inspect(file.toString()).rowGroupCount()).isEqualTo(10);
        assertThat(context.metrics().rowGroupsSkipped()).isEqualTo(9);
        assertThat(context.metrics().rowGroupsRead()).isEqualTo(1);
        // pruning does not filter rows: the surviving row group comes back whole
        assertThat(result.rows).hasSize(2048);
        assertThat(result.rows.get(0).get(0)).isEqualTo(18432L);
    }

    @Test
    void prunesOnDecimalLiteralsOfAnotherScale() {
        Path file = ParquetTestFiles.write(dir.resolve("prices.parquet"),
                "SELECT (range / 100)::DECIMAL(15,2) AS price FROM range(8192)", 2048);
        StructType schema = new StructType(List.of()).add("price", PRICE);
        // 61.435 < price: only the last group (61.44 .. 81.91) can match
        Expr below = new Comparison(CompareOp.LESS_THAN, Literal.of(new BigDecimal("61.435")),
                new ColumnRef(0, PRICE, true));

        scan(file, schema, below);

        assertThat(context.metrics().rowGroupsSkipped()).isEqualTo(3);
        assertThat(context.metrics().rowGroupsRead()).isEqualTo(1);
    }

    @Test
    void readsOnlyTheSplitsRowGroups() {
        Path file = ParquetTestFiles.write(dir.resolve("groups.parquet"), "SELECT range AS id FROM range(6144)", 2048);
        try (ParquetScanOperator scan = new ParquetScanOperator(
                List.of(new FileSplit(file.toString(), List.of(2, 0), 0)),
                new StructType(List.of()).add("id", DataTypes.LongType), null, context)) {
            Drain result = Drain.of(scan);
            assertThat(result.rows).hasSize(4096);
            assertThat(result.rows.get(0)).containsExactly(4096L);
            assertThat(result.rows.get(2048)).containsExactly(0L);
        }
    }

    @Test
    void acceptsFileUris() {
        Path file = ParquetTestFiles.write(dir.resolve("uri.parquet"), "SELECT 42 AS answer", 10);
        try (ParquetScanOperator scan = new ParquetScanOperator(
                List.of(new FileSplit(file.toUri().toString(), List.of(), 0)),
                new StructType(List.of()).add("answer", DataTypes.IntegerType), null, context)) {
            assertThat(Drain.of(scan).rows).containsExactly(List.of(42));
        }
    }

    @Test
    void missingFileIsAUserError() {
        String path = dir.resolve("nope.parquet").toString();
        assertThatThrownBy(() -> scan(Path.of(path), new StructType(List.of()), null))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("Path does not exist: " + path);
    }

    @Test
    void truncatedFileIsAUserErrorNamingThePath() throws IOException {
        Path file = ParquetTestFiles.write(dir.resolve("whole.parquet"), "SELECT range AS id FROM range(1000)", 100);
        byte[] bytes = Files.readAllBytes(file);
        Path truncated = Files.write(dir.resolve("truncated.parquet"), Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> scan(truncated, new StructType(List.of()).add("id", DataTypes.LongType), null))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageStartingWith("Could not read Parquet file " + truncated + ": ");
    }

    @Test
    void corruptPagesAreAUserErrorNamingThePath() throws IOException {
        Path file = ParquetTestFiles.write(dir.resolve("pages.parquet"),
                "SELECT md5(range::VARCHAR) AS s FROM range(20000)", 2048);
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 200; i < bytes.length / 2; i++) {
            bytes[i] = (byte) 0xA5;
        }
        Path corrupt = Files.write(dir.resolve("corrupt.parquet"), bytes);

        assertThatThrownBy(() -> scan(corrupt, new StructType(List.of()).add("s", DataTypes.StringType), null))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageStartingWith("Could not read Parquet file " + corrupt + ": ");
    }

    @Test
    void unknownColumnIsAUserErrorListingTheFilesColumns() {
        Path file = typesFile();
        assertThatThrownBy(() -> scan(file, new StructType(List.of()).add("nope", DataTypes.IntegerType), null))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("'nope'")
                .hasMessageContaining(file.toString())
                .hasMessageContaining("i, l, d, p, s, dt, ts, b, f, big");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
