package io.updraft.engine.parquet;

import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Struct, map and list columns (and lists of structs, structs of lists and maps) written by DuckDB read as Spark
 * reads them: StructType, MapType, ArrayType with Spark's nullability, and DuckDB's values (checked field by field
 * against DuckDB's own reading of the file), over several row groups and batches, nulls at every level.
 */
class ParquetNestedTypesTest {
    private static final String SELECT = """
            SELECT range::INTEGER AS id,
                   CASE WHEN range % 5 = 0 THEN NULL
                        ELSE {'a': range::INTEGER, 'b': CASE WHEN range % 3 = 0 THEN NULL ELSE 'x' || range END,
                              'd': (range / 4)::DECIMAL(10, 2)} END AS s,
                   CASE WHEN range % 7 = 0 THEN NULL
                        ELSE MAP {'k' || range: (range * 1.5)::DECIMAL(12, 1),
                                  'z': CASE WHEN range % 2 = 0 THEN NULL ELSE 0.5::DECIMAL(12, 1) END} END
                       AS m,
                   CASE WHEN range % 6 = 0 THEN NULL WHEN range % 6 = 1 THEN []::BIGINT[]
                        ELSE [range, NULL, range + 1] END AS xs,
                   [{'p': range::INTEGER, 'q': ['a', NULL]}, NULL] AS ps,
                   {'inner': {'v': range % 4 = 0}, 'tags': ['t' || range]} AS deep
            FROM range(3000)
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

    @Test
    void nestedColumnsReadAsSparksTypesWithDuckDbsValues() {
        Path file = ParquetTestFiles.write(dir.resolve("nested.parquet"), SELECT, 1000);
        StructType s = new StructType(List.of()).add("a", DataTypes.IntegerType).add("b", DataTypes.StringType)
                .add("d", DataTypes.createDecimalType(10, 2));
        StructType p = new StructType(List.of()).add("p", DataTypes.IntegerType)
                .add("q", new ArrayType(DataTypes.StringType, true));
        StructType deep = new StructType(List.of())
                .add("inner", new StructType(List.of()).add("v", DataTypes.BooleanType))
                .add("tags", new ArrayType(DataTypes.StringType, true));
        StructType expected = new StructType(List.of()).add("id", DataTypes.IntegerType).add("s", s)
                .add("m", new MapType(DataTypes.StringType, DataTypes.createDecimalType(12, 1), true))
                .add("xs", new ArrayType(DataTypes.LongType, true)).add("ps", new ArrayType(p, true))
                .add("deep", deep);
        ParquetFileInfo info = ParquetFiles.inspect(file.toString());
        assertThat(info.unsupportedColumns()).isEmpty();
        assertThat(info.schema().simpleString()).isEqualTo(expected.simpleString());
        assertThat(info.schema()).isEqualTo(expected);

        // read a projection in another order, so nested and flat columns mix, in small batches
        StructType requested = new StructType(List.of()).add(expected.get(2)).add(expected.get(0))
                .add(expected.get(1)).add(expected.get(3)).add(expected.get(4)).add(expected.get(5));
        ExecutionContext context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS, "256"));
        List<List<Object>> ours = new ArrayList<>();
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                requested, null, context)) {
            for (Batch next = scan.next(); next != null; next = scan.next()) {
                try (Batch b = next) {
                    for (int r = 0; r < b.rowCount(); r++) {
                        List<Object> row = new ArrayList<>();
                        for (int c = 0; c < b.columnCount(); c++) {
                            row.add(ArrowRows.value(b.vector(c), requested.get(c).dataType(), r));
                        }
                        ours.add(row);
                    }
                }
            }
        }
        assertThat(ours).hasSize(3000);
        List<List<Object>> duck = ParquetTestFiles.query("""
                SELECT id, s IS NULL, s.a, s.b, s.d, m IS NULL, len(map_keys(m)), map_keys(m)[1], map_values(m)[1],
                       map_keys(m)[2], map_values(m)[2], xs IS NULL, len(xs), xs[1], xs[2], xs[3],
                       len(ps), ps[1].p, ps[1].q[1], ps[1].q[2], ps[2] IS NULL, deep.inner.v, deep.tags[1]
                FROM '%s' ORDER BY id""".formatted(file));
        for (int i = 0; i < 3000; i++) {
            List<Object> row = ours.get(i);
            List<Object> d = duck.get(i);
            List<Object> flat = new ArrayList<>();
            flat.add(row.get(1));
            Row struct = (Row) row.get(2);
            flat.addAll(Arrays.asList(struct == null, struct == null ? null : struct.get(0),
                    struct == null ? null : struct.get(1), struct == null ? null : struct.get(2)));
            @SuppressWarnings("unchecked") Map<String, BigDecimal> map = (Map<String, BigDecimal>) row.get(0);
            List<Map.Entry<String, BigDecimal>> entries = map == null ? List.of() : new ArrayList<>(map.entrySet());
            flat.addAll(Arrays.asList(map == null, map == null ? null : map.size(),
                    entries.isEmpty() ? null : entries.get(0).getKey(), entries.isEmpty() ? null : entries.get(0).getValue(),
                    entries.size() < 2 ? null : entries.get(1).getKey(), entries.size() < 2 ? null : entries.get(1).getValue()));
            List<?> xs = (List<?>) row.get(3);
            flat.addAll(Arrays.asList(xs == null, xs == null ? null : xs.size(), at(xs, 0), at(xs, 1), at(xs, 2)));
            List<?> ps = (List<?>) row.get(4);
            Row first = (Row) ps.get(0);
            flat.addAll(Arrays.asList(ps.size(), first.get(0), at(first.getList(1), 0), at(first.getList(1), 1),
                    ps.get(1) == null));
            Row deepRow = (Row) row.get(5);
            flat.addAll(Arrays.asList(deepRow.getStruct(0).get(0), at(deepRow.getList(1), 0)));
            assertThat(normalize(flat)).as("row %d", i).isEqualTo(normalize(d));
        }
    }

    private static Object at(List<?> list, int i) {
        return list == null || i >= list.size() ? null : list.get(i);
    }

    /** Numbers as their plain decimal text (DuckDB's JDBC types differ from ours), the rest as text. */
    private static List<String> normalize(List<Object> row) {
        List<String> out = new ArrayList<>();
        for (Object v : row) {
            out.add(v == null ? "null" : v instanceof BigDecimal b ? b.stripTrailingZeros().toPlainString()
                    : v instanceof Number n ? new BigDecimal(n.toString()).stripTrailingZeros().toPlainString()
                    : v.toString());
        }
        return out;
    }

    @Test
    void aNestedColumnIsReadAloneAndCountsNeedNoPages() {
        Path file = ParquetTestFiles.write(dir.resolve("n.parquet"), SELECT, 1000);
        StructType requested = new StructType(List.of()).add("ps", ParquetFiles.inspect(file.toString()).schema()
                .get(4).dataType());
        ExecutionContext context = new ExecutionContext(allocator, Map.of());
        int rows = 0;
        try (ParquetScanOperator scan = new ParquetScanOperator(List.of(new FileSplit(file.toString(), List.of(), 0)),
                requested, null, context)) {
            for (Batch next = scan.next(); next != null; next = scan.next()) {
                try (Batch b = next) {
                    rows += b.rowCount();
                    assertThat(((List<?>) ArrowRows.value(b.vector(0), requested.get(0).dataType(), 0))).hasSize(2);
                }
            }
        }
        assertThat(rows).isEqualTo(3000);
    }
}
