package io.updraft.engine.shuffle;

import io.updraft.core.error.ErrorType;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.SortKey;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.shuffle.format.ShuffleKeys;
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

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Map tasks writing shuffle objects and reduce tasks reading them, through TaskRunner and JSON specs. */
class ShuffleWriteReadTest {
    private static final DecimalType MONEY = new DecimalType(12, 2);
    private static final StructType SCHEMA = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("s", DataTypes.StringType).add("m", MONEY);

    @TempDir
    Path dir;
    private BufferAllocator root;
    private TaskRunner runner;
    private Map<String, String> config;

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
        runner = new TaskRunner(root);
        config = Map.of("updraft.shuffle.root", dir.resolve("shuffle").toUri().toString(), "updraft.batchRows", "300");
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    private static List<Row> rows(long seed, int n) {
        Random random = new Random(seed);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(Row.of(random.nextInt(20) == 0 ? null : (long) random.nextInt(500),
                    random.nextInt(10) == 0 ? null : "s" + random.nextInt(1000),
                    BigDecimal.valueOf(random.nextInt(100000), 2)));
        }
        return rows;
    }

    private TaskResult run(int stage, int task, Operator plan) {
        TaskSpec spec = new TaskSpec("job-7", stage, task, 0, plan, config);
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(spec)));
        assertThat(result.errorMessage()).isNull();
        assertThat(result.status()).isEqualTo(TaskStatus.SUCCEEDED);
        return result;
    }

    private ShuffleOutput map(int task, List<Row> rows, Partitioning partitioning, int partitions) {
        Operator input = new InlineBatches(SCHEMA, List.of(ArrowRows.encode(rows, SCHEMA, root)));
        TaskResult result = run(1, task, new ShuffleWrite(input, partitioning, partitions));
        assertThat(result.arrowIpcBase64()).isEmpty();
        assertThat(result.metrics().shuffleBytesWritten()).isPositive();
        assertThat(result.metrics().rowsOutput()).isEqualTo(rows.size());
        ShuffleOutput out = result.shuffleOutput();
        assertThat(out.key()).isEqualTo(ShuffleKeys.mapOutput("job-7", 1, task, 0));
        assertThat(out.partitionCount()).isEqualTo(partitions);
        assertThat(out.totalRows()).isEqualTo(rows.size());
        return out;
    }

    private List<Row> reduce(int task, List<ShuffleBlock> blocks) {
        TaskResult result = run(2, task, new ShuffleRead(SCHEMA, blocks));
        return ArrowRows.decode(result.arrowIpcBase64(), SCHEMA, root);
    }

    @Test
    void hashPartitionsAgreeAcrossMapTasksAndReadBackCompletely() {
        List<Row> first = rows(1, 2000);
        List<Row> second = rows(2, 1500);
        Partitioning hash = new Partitioning.Hash(List.of(new ColumnRef(0, DataTypes.LongType, true)));
        ShuffleOutput a = map(0, first, hash, 4);
        ShuffleOutput b = map(1, second, hash, 4);
        Map<Object, Integer> partitionOfKey = new HashMap<>();
        List<Row> all = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            List<Row> part = reduce(p, List.of(a.block(p), b.block(p)));
            assertThat((long) part.size()).isEqualTo(a.rows().get(p) + b.rows().get(p));
            for (Row r : part) {
                Integer previous = partitionOfKey.put(r.get(0), p);
                assertThat(previous == null || previous == p).as("key " + r.get(0) + " in one partition").isTrue();
            }
            all.addAll(part);
        }
        List<Row> expected = new ArrayList<>(first);
        expected.addAll(second);
        assertThat(sortedStrings(all)).isEqualTo(sortedStrings(expected));
    }

    @Test
    void roundRobinSingleAndRangePartitioning() {
        List<Row> rows = rows(3, 1000);
        ShuffleOutput robin = map(3, rows, new Partitioning.RoundRobin(), 3);
        assertThat(robin.rows()).containsExactly(334L, 333L, 333L);

        ShuffleOutput single = map(4, rows, new Partitioning.Single(), 1);
        assertThat(single.rows()).containsExactly(1000L);
        // a broadcast: every consumer task reads the single partition
        assertThat(reduce(0, List.of(single.block(0)))).hasSize(1000);
        assertThat(reduce(1, List.of(single.block(0)))).hasSize(1000);

        SortKey byKey = new SortKey(new ColumnRef(0, DataTypes.LongType, true), true, true);
        ShuffleOutput range = map(5, rows, new Partitioning.Range(List.of(byKey),
                List.of(List.of(Literal.of(100L)), List.of(Literal.of(300L)))), 3);
        for (int p = 0; p < 3; p++) {
            for (Row r : reduce(p, List.of(range.block(p)))) {
                Long k = (Long) r.get(0);
                int expected = k == null || k <= 100 ? 0 : k <= 300 ? 1 : 2;
                assertThat(p).as("key " + k).isEqualTo(expected);
            }
        }
    }

    @Test
    void lostAndCorruptObjectsAreReportedWithTheirUri() throws Exception {
        ShuffleOutput out = map(6, rows(4, 500), new Partitioning.Hash(List.of(new ColumnRef(1, DataTypes.StringType,
                true))), 2);
        Path object = dir.resolve("shuffle").resolve(out.key());
        assertThat(object).exists();
        String uri = object.toUri().toString();

        byte[] bytes = Files.readAllBytes(object);
        byte[] garbage = bytes.clone();
        for (int i = 0; i < garbage.length - 100; i++) {
            garbage[i] = (byte) (i * 31);
        }
        Files.write(object, garbage);
        TaskResult corrupt = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("job-7", 2, 0, 0,
                new ShuffleRead(SCHEMA, List.of(out.block(0), out.block(1))), config))));
        assertThat(corrupt.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(corrupt.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(corrupt.errorMessage()).startsWith("Corrupt shuffle object " + uri);
        assertThat(corrupt.lostShuffleObject()).isNull();

        Files.delete(object);
        TaskResult lost = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("job-7", 2, 0, 1,
                new ShuffleRead(SCHEMA, List.of(out.block(0))), config))));
        assertThat(lost.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(lost.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(lost.errorMessage()).isEqualTo("Shuffle output lost: " + uri);
        assertThat(lost.lostShuffleObject()).isEqualTo(uri);
    }

    @Test
    void aBlockLargerThanTheTaskMemoryStreamsOneBatchAtATime() {
        String pad = "p".repeat(300);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 6000; i++) {
            rows.add(Row.of((long) i, pad + i, BigDecimal.valueOf(i, 2)));
        }
        List<String> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += 300) {
            batches.add(ArrowRows.encode(rows.subList(from, from + 300), SCHEMA, root));
        }
        TaskResult mapped = run(1, 12, new ShuffleWrite(new InlineBatches(SCHEMA, batches), new Partitioning.Single(),
                1));
        ShuffleOutput out = mapped.shuffleOutput();   // one block of 20 IPC batches, ~1.9 MB decoded
        Map<String, String> small = new HashMap<>(config);
        small.put("updraft.taskMemoryBytes", String.valueOf(512 * 1024));
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("job-7", 2, 0, 0,
                new ShuffleRead(SCHEMA, List.of(out.block(0))), small))));
        assertThat(result.errorMessage()).isNull();
        assertThat(ArrowRows.decode(result.arrowIpcBase64(), SCHEMA, root)).hasSize(6000).first()
                .isEqualTo(Row.of(0L, pad + 0, BigDecimal.valueOf(0, 2)));

        // less memory than one decoded batch: an out-of-memory failure, never "Corrupt shuffle object"
        small.put("updraft.taskMemoryBytes", String.valueOf(32 * 1024));
        TaskResult tooSmall = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("job-7", 2, 0, 1,
                new ShuffleRead(SCHEMA, List.of(out.block(0))), small))));
        assertThat(tooSmall.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(tooSmall.errorMessage()).startsWith("Task ran out of Arrow memory").doesNotContain("Corrupt");
    }

    @Test
    void adjacentBlocksOfOneObjectAreOneRequest() {
        ShuffleOutput out = map(7, rows(5, 800), new Partitioning.RoundRobin(), 4);
        TaskResult result = run(2, 9, new ShuffleRead(SCHEMA, List.of(out.block(0), out.block(1), out.block(2),
                out.block(3), new ShuffleBlock(out.key(), 0, 0))));
        assertThat(ArrowRows.decode(result.arrowIpcBase64(), SCHEMA, root)).hasSize(800);
        assertThat(result.metrics().objectStoreRequests()).isEqualTo(1);
        assertThat(result.metrics().shuffleBytesRead()).isEqualTo(out.lengths().stream().mapToLong(Long::longValue)
                .sum());
    }

    @Test
    void missingRootSettingIsAUserError() {
        TaskResult result = runner.run(new TaskSpec("job-7", 1, 0, 0, new ShuffleWrite(new InlineBatches(SCHEMA,
                List.of()), new Partitioning.Single(), 1), Map.of()));
        assertThat(result.errorType()).isEqualTo(ErrorType.USER);
        assertThat(result.errorMessage()).contains("updraft.shuffle.root");
    }

    private static List<String> sortedStrings(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(r.toString());
        }
        out.sort(null);
        return out;
    }

    @Test
    void everyMapAttemptWritesItsOwnObject() {
        Set<String> keys = new HashSet<>();
        for (int attempt = 0; attempt < 2; attempt++) {
            Operator input = new InlineBatches(SCHEMA, List.of(ArrowRows.encode(rows(6, 10), SCHEMA, root)));
            TaskSpec spec = new TaskSpec("job-7", 1, 11, attempt, new ShuffleWrite(input, new Partitioning.Single(), 1),
                    config);
            keys.add(runner.run(spec).shuffleOutput().key());
        }
        assertThat(keys).hasSize(2);
    }
}
