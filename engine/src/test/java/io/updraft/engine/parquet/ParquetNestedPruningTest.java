package io.updraft.engine.parquet;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Nested schema pruning in the reader: a nested column requested with a pruned type (a struct keeping some of its
 * fields, also inside lists and map values) reads only those leaves' column chunks — counted through the
 * {@code InputFile} ({@code bytesRead}) on a struct whose other fields are wide strings — and gives DuckDB's values,
 * struct nullness included.
 */
class ParquetNestedPruningTest {
    /** s.a is a small int next to two wide strings and a nested struct; ps a list of such structs; m maps to one. */
    private static final String SELECT = """
            SELECT range::INTEGER AS id,
                   CASE WHEN range % 5 = 0 THEN NULL
                        ELSE {'a': CASE WHEN range % 3 = 0 THEN NULL ELSE range::INTEGER END,
                              'w1': repeat(md5(range::VARCHAR), 8),
                              'inner': {'c': range::BIGINT, 'wide': repeat(md5((range + 1)::VARCHAR), 8)},
                              'w2': repeat(md5((range + 2)::VARCHAR), 8)} END AS s,
                   [{'p': range::INTEGER, 'big': repeat(md5(range::VARCHAR), 8)}, NULL] AS ps,
                   MAP {'k': {'x': range::INTEGER, 'big': repeat(md5(range::VARCHAR), 8)}} AS m
            FROM range(5000)
            """;
    private static final int ROWS = 5000;

    @TempDir
    Path dir;
    private BufferAllocator allocator;
    private Path file;
    private StructType full;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        file = ParquetTestFiles.write(dir.resolve("wide.parquet"), SELECT, 2048);
        full = ParquetFiles.inspect(file.toString()).schema();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    @Test
    void aPrunedStructReadsOnlyItsLeavesWithDuckDbsValuesAndNulls() throws Exception {
        StructType pruned = new StructType(List.of()).add("a", DataTypes.IntegerType);
        Read whole = read(new StructType(List.of()).add("s", full.get(1).dataType()));
        Read one = read(new StructType(List.of()).add("s", pruned));
        long fileSize = Files.size(file);
        assertThat(whole.bytesRead).isGreaterThan(fileSize / 3);
        // the wide strings' chunks are never read: the footer and s.a's small chunks are all that is
        assertThat(one.bytesRead).isLessThan(whole.bytesRead / 20);
        List<List<Object>> duck = ParquetTestFiles.query(
                "SELECT s IS NULL, s.a FROM '%s' ORDER BY id".formatted(file));
        for (int i = 0; i < ROWS; i++) {
            Row s = (Row) one.rows.get(i).get(0);
            assertThat(s == null).as("row %d null", i).isEqualTo(duck.get(i).get(0));
            if (s != null) {
                assertThat(s.schema()).isEqualTo(pruned);
                assertThat(s.get(0)).as("row %d", i).isEqualTo(duck.get(i).get(1));
            }
        }
    }

    @Test
    void nestedStructsListElementsAndMapValuesPrune() {
        StructType s = new StructType(List.of())
                .add("inner", new StructType(List.of()).add("c", DataTypes.LongType));
        DataType ps = new ArrayType(new StructType(List.of()).add("p", DataTypes.IntegerType), true);
        DataType m = new MapType(DataTypes.StringType, new StructType(List.of()).add("x", DataTypes.IntegerType),
                true);
        assertThat(full.get(2).dataType()).isNotEqualTo(ps);
        Read pruned = read(new StructType(List.of()).add("m", m).add("s", s).add("ps", ps));
        Read whole = read(new StructType(List.of()).add("m", full.get(3).dataType()).add("s", full.get(1).dataType())
                .add("ps", full.get(2).dataType()));
        assertThat(pruned.bytesRead).isLessThan(whole.bytesRead / 10);
        List<List<Object>> duck = ParquetTestFiles.query("""
                SELECT m['k'].x, s IS NULL, s.inner.c, len(ps), ps[1].p, ps[2] IS NULL
                FROM '%s' ORDER BY id""".formatted(file));
        for (int i = 0; i < ROWS; i++) {
            List<Object> row = pruned.rows.get(i);
            List<Object> d = duck.get(i);
            Map<?, ?> map = (Map<?, ?>) row.get(0);
            assertThat(((Row) map.get("k")).get(0)).isEqualTo(d.get(0));
            Row struct = (Row) row.get(1);
            assertThat(struct == null).isEqualTo(d.get(1));
            if (struct != null) {
                assertThat(struct.getStruct(0).get(0)).isEqualTo(d.get(2));
            }
            List<?> list = (List<?>) row.get(2);
            assertThat((long) list.size()).isEqualTo(((Number) d.get(3)).longValue());
            assertThat(((Row) list.get(0)).get(0)).isEqualTo(d.get(4));
            assertThat(list.get(1) == null).isEqualTo(d.get(5));
        }
    }

    @Test
    void aRequestThatIsNotAPrunedFormOfTheFileTypeIsAUserError() {
        StructType missing = new StructType(List.of()).add("nope", DataTypes.IntegerType);
        assertThatThrownBy(() -> read(new StructType(List.of()).add("s", missing)))
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("Column 's' has type struct<a:int,w1:string,")
                .hasMessageContaining("but the query expects struct<nope:int>");
        StructType wrongType = new StructType(List.of()).add("a", DataTypes.LongType);
        assertThatThrownBy(() -> read(new StructType(List.of()).add("s", wrongType)))
                .hasMessageContaining("but the query expects struct<a:bigint>");
    }

    private record Read(List<List<Object>> rows, long bytesRead) {
    }

    private Read read(StructType requested) {
        ExecutionContext context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS, "1000"));
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                requested, null, context)) {
            for (Batch next = scan.next(); next != null; next = scan.next()) {
                try (Batch b = next) {
                    for (int r = 0; r < b.rowCount(); r++) {
                        List<Object> row = new ArrayList<>();
                        for (int c = 0; c < b.columnCount(); c++) {
                            row.add(ArrowRows.value(b.vector(c), requested.get(c).dataType(), r));
                        }
                        rows.add(row);
                    }
                }
            }
        }
        assertThat(rows).hasSize(ROWS);
        return new Read(rows, context.metrics().bytesRead());
    }
}
