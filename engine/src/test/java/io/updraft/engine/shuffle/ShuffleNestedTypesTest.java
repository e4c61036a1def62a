package io.updraft.engine.shuffle;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.TaskRunner;
import io.updraft.sql.Row;
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
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Struct, map, binary, tinyint, smallint and float columns through a map task's shuffle object and back
 * (hash-partitioned on the struct), through an external sort and a hash aggregation that spill (struct keys),
 * via TaskRunner and JSON specs; every allocator is closed and no spill file is left.
 */
class ShuffleNestedTypesTest {
    private static final StructType POINT = new StructType(List.of()).add("x", DataTypes.IntegerType)
            .add("name", DataTypes.StringType);
    private static final MapType TAGS = DataTypes.createMapType(DataTypes.StringType, DataTypes.LongType);
    private static final StructType SCHEMA = new StructType(List.of()).add("p", POINT).add("m", TAGS)
            .add("b", DataTypes.BinaryType).add("t", DataTypes.ByteType).add("s", DataTypes.ShortType)
            .add("f", DataTypes.FloatType);

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
    void tearDown() throws Exception {
        root.close();
        Path spill = dir.resolve("spill");
        if (Files.exists(spill)) {
            try (Stream<Path> left = Files.walk(spill)) {
                assertThat(left.filter(Files::isRegularFile)).as("spill files left behind").isEmpty();
            }
        }
    }

    private TaskResult run(int stage, int task, Operator plan, Map<String, String> extra) {
        Map<String, String> config = new LinkedHashMap<>(Map.of("updraft.shuffle.root",
                dir.resolve("shuffle").toUri().toString(), ExecutionContext.BATCH_ROWS, "500",
                ExecutionContext.SPILL_DIR, dir.resolve("spill").toString()));
        config.putAll(extra);
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("job-n", stage, task,
                0, plan, config))));
        assertThat(result.errorMessage()).isNull();
        assertThat(result.status()).isEqualTo(TaskStatus.SUCCEEDED);
        return result;
    }

    private static List<Row> rows(int n, long seed) {
        Random random = new Random(seed);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Row point = random.nextInt(20) == 0 ? null : Row.withSchema(POINT, new Object[] {
                    random.nextInt(10) == 0 ? null : random.nextInt(40) - 20,
                    random.nextInt(10) == 0 ? null : "n" + random.nextInt(5)});
            Map<String, Long> tags = null;
            if (random.nextInt(15) != 0) {
                tags = new LinkedHashMap<>();
                for (int e = random.nextInt(4); e > 0; e--) {
                    tags.put("k" + random.nextInt(6), random.nextInt(8) == 0 ? null : (long) random.nextInt(1000));
                }
            }
            byte[] bytes = new byte[random.nextInt(5)];
            random.nextBytes(bytes);
            rows.add(Row.of(point, tags, random.nextInt(12) == 0 ? null : bytes, (byte) random.nextInt(256),
                    (short) (random.nextInt(70000) - 35000), random.nextInt(9) == 0 ? Float.NaN : random.nextFloat()));
        }
        return rows;
    }

    /** The rows as inline batches of 1000 rows each. */
    private Operator inline(List<Row> rows) {
        List<String> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += 1000) {
            batches.add(ArrowRows.encode(rows.subList(from, Math.min(rows.size(), from + 1000)), SCHEMA, root));
        }
        return new InlineBatches(SCHEMA, batches);
    }

    private static String text(Object v) {
        return switch (v) {
            case null -> "null";
            case byte[] b -> HexFormat.of().formatHex(b);
            case Row r -> r.toString();
            default -> v.toString();
        };
    }

    private static String line(Row r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < r.size(); i++) {
            sb.append(text(r.get(i))).append('|');
        }
        return sb.toString();
    }

    @Test
    void everyNewTypeSurvivesAHashPartitionedShuffle() {
        List<Row> rows = rows(3000, 3);
        List<ShuffleOutput> outputs = new ArrayList<>();
        for (int task = 0; task < 2; task++) {
            Operator input = new InlineBatches(SCHEMA, List.of(ArrowRows.encode(rows.subList(task * 1500,
                    (task + 1) * 1500), SCHEMA, root)));
            outputs.add(run(1, task, new ShuffleWrite(input, new Partitioning.Hash(List.of(
                    new ColumnRef(0, POINT, true))), 3), Map.of()).shuffleOutput());
        }
        List<String> actual = new ArrayList<>();
        Map<String, Integer> partitionOfPoint = new TreeMap<>();
        for (int p = 0; p < 3; p++) {
            List<ShuffleBlock> blocks = List.of(outputs.get(0).block(p), outputs.get(1).block(p));
            for (Row r : ArrowRows.decode(run(2, p, new ShuffleRead(SCHEMA, blocks), Map.of()).arrowIpcBase64(),
                    SCHEMA, root)) {
                actual.add(line(r));
                Integer before = partitionOfPoint.put(text(r.get(0)), p);
                assertThat(before == null || before == p).as("one partition per struct key " + r.get(0)).isTrue();
            }
        }
        List<String> expected = new ArrayList<>(rows.stream().map(ShuffleNestedTypesTest::line).toList());
        actual.sort(Comparator.naturalOrder());
        expected.sort(Comparator.naturalOrder());
        assertThat(actual).isEqualTo(expected);
        assertThat(partitionOfPoint.size()).isGreaterThan(100);
    }

    /** Spark's struct order: field by field, nulls first (ascending), a null struct first. */
    private static final Comparator<Row> POINT_ORDER = Comparator.nullsFirst(
            Comparator.comparing((Row p) -> (Integer) p.get(0), Comparator.nullsFirst(Comparator.naturalOrder()))
                    .thenComparing(p -> (String) p.get(1), Comparator.nullsFirst(Comparator.naturalOrder())));

    @Test
    void sortByAStructSpillsAndOrdersAsSpark() {
        List<Row> rows = rows(60_000, 5);
        Operator input = inline(rows);
        Operator sort = new Sort(input, List.of(new SortKey(new ColumnRef(0, POINT, true), true, true),
                new SortKey(new ColumnRef(4, DataTypes.ShortType, true), false, false),
                new SortKey(new ColumnRef(5, DataTypes.FloatType, true), true, true)));
        TaskResult result = run(1, 0, sort, Map.of(TaskRunner.TASK_MEMORY_BYTES, String.valueOf(4 << 20)));
        assertThat(result.metrics().spills()).isGreaterThan(0);
        List<Row> sorted = ArrowRows.decode(result.arrowIpcBase64(), SCHEMA, root);
        assertThat(sorted).hasSize(rows.size());
        Comparator<Row> order = Comparator.comparing((Row r) -> (Row) r.get(0), POINT_ORDER)
                .thenComparing(r -> (Short) r.get(4), Comparator.reverseOrder());
        for (int i = 1; i < sorted.size(); i++) {
            assertThat(order.compare(sorted.get(i - 1), sorted.get(i))).as("row " + i).isLessThanOrEqualTo(0);
        }
    }

    @Test
    void groupByAStructCountsAsSpark() {
        List<Row> rows = rows(20_000, 7);
        Operator input = inline(rows);
        DataType count = DataTypes.LongType;
        HashAggregate agg = new HashAggregate(input, List.of(new ColumnRef(0, POINT, true)), List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, count)), AggregateMode.COMPLETE,
                List.of("p", "n"));
        TaskResult result = run(1, 0, agg, Map.of(TaskRunner.TASK_MEMORY_BYTES, String.valueOf(4 << 20)));
        Map<String, Long> actual = new TreeMap<>();
        for (Row r : ArrowRows.decode(result.arrowIpcBase64(), agg.schema(), root)) {
            assertThat(actual.put(text(r.get(0)), r.getLong(1))).isNull();
        }
        Map<String, Long> expected = new TreeMap<>();
        for (Row r : rows) {
            expected.merge(text(r.get(0)), 1L, Long::sum);
        }
        assertThat(actual).isEqualTo(expected);
    }
}
