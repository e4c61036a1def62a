package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.InProcessInvoker;
import io.updraft.coordinator.scan.EngineParquetFooters;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.core.conf.SettingKeys;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.format.ShuffleKeys;
import io.updraft.shuffle.store.LocalObjectStore;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real two-stage shuffle: Parquet files written by DuckDB, the engine's ShuffleWrite/ShuffleRead through a
 * {@link LocalObjectStore}, tasks as JSON on an {@link InProcessInvoker}; DuckDB is the oracle.
 */
class ShuffleIntegrationTest {
    private static final int MAPS = 4;
    private static final int REDUCERS = 3;
    private static final StructType KV = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("v", DataTypes.LongType);

    @TempDir
    Path dir;

    private Path shuffleDir;
    private BufferAllocator allocator;
    private LocalObjectStore workerStore;
    private LocalObjectStore coordinatorStore;
    private InProcessInvoker invoker;
    private final List<TaskSpec> specs = Collections.synchronizedList(new ArrayList<>());
    private final List<String> files = new ArrayList<>();
    private final ManualClock clock = new ManualClock();

    @BeforeEach
    void writeInput() throws Exception {
        shuffleDir = dir.resolve("shuffle");
        allocator = new RootAllocator();
        workerStore = new LocalObjectStore(shuffleDir);
        coordinatorStore = new LocalObjectStore(shuffleDir);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (int f = 0; f < MAPS; f++) {
                Path file = dir.resolve("part-" + f + ".parquet");
                s.execute("COPY (SELECT i::BIGINT AS k, (i * 10)::BIGINT AS v FROM range(0, 4000) t(i) WHERE i % "
                        + MAPS + " = " + f + ") TO '" + file + "' (FORMAT PARQUET)");
                files.add(file.toString());
            }
        }
    }

    @AfterEach
    void close() {
        if (invoker != null) {
            invoker.close();
        }
        allocator.close();
    }

    /** Stage 0: scan → (k % 7 AS g, v) → hash exchange on g into 3; stage 1: sum(v) per g. */
    private JobPlan plan() {
        List<FileSplit> splits = files.stream().map(f -> new FileSplit(f, List.of(), 0)).toList();
        ColumnRef k = new ColumnRef(0, DataTypes.LongType, true);
        ColumnRef v = new ColumnRef(1, DataTypes.LongType, true);
        Project gv = new Project(new FileScan(splits, KV, null),
                List.of(new Arithmetic(ArithmeticOp.MOD, k, Literal.of(7L), DataTypes.LongType), v), List.of("g", "v"));
        ShuffleWrite write = new ShuffleWrite(gv, new Partitioning.Hash(List.of(new ColumnRef(0, DataTypes.LongType,
                true))), REDUCERS);
        HashAggregate sum = new HashAggregate(new StageInput(0, gv.schema()), List.of(new ColumnRef(0,
                DataTypes.LongType, true)), List.of(new AggregateCall(AggregateFunction.SUM, new ColumnRef(1,
                DataTypes.LongType, true), false, DataTypes.LongType)), AggregateMode.COMPLETE, List.of("g", "total"));
        return new JobPlan(List.of(new Stage(0, write, List.of(), null), new Stage(1, sum, List.of(0), null)),
                sum.schema());
    }

    private JobRunner runner(InProcessInvoker.LocalWorker wrapper, JobRunnerOptions base) {
        invoker = new InProcessInvoker(2, wrapper);
        Map<String, String> config = new HashMap<>();
        config.put(SettingKeys.SHUFFLE_ROOT, shuffleDir.toString());
        return new JobRunner(invoker, new EngineParquetFooters(), (b, s) -> ArrowRows.decode(b, s, allocator),
                coordinatorStore, base.withProgress(null).withTaskConfig(config));
    }

    private TaskRunner engine() {
        return new TaskRunner(allocator, (root, settings) -> root.equals(shuffleDir.toString()) ? workerStore
                : ObjectStores.shared().store(root, settings), System::nanoTime);
    }

    private static Map<Long, Long> expected() throws Exception {
        Map<Long, Long> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT i % 7, sum(i * 10) FROM range(0, 4000) t(i) GROUP BY 1")) {
            while (rs.next()) {
                out.put(rs.getLong(1), rs.getLong(2));
            }
        }
        return out;
    }

    private static Map<Long, Long> asMap(List<Row> rows) {
        Map<Long, Long> out = new HashMap<>();
        for (Row r : rows) {
            out.put(r.getLong(0), r.getLong(1));
        }
        return out;
    }

    private List<String> shuffleFiles() throws Exception {
        if (!Files.exists(shuffleDir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(shuffleDir)) {
            return walk.filter(Files::isRegularFile).map(Path::toString).toList();
        }
    }

    private List<TaskSpec> specsOf(int stage) {
        synchronized (specs) {
            return specs.stream().filter(s -> s.stageId() == stage).toList();
        }
    }

    @Test
    void anMxRShuffleMakesMPutsAndReducersReadOnlyCommittedAttempts() throws Exception {
        TaskRunner engine = engine();
        JobRunner runner = runner(json -> {
            specs.add(TaskCodec.decodeSpec(json));
            return engine.runJson(json);
        }, JobRunnerOptions.defaults(2));

        JobResult result = runner.run(plan());

        assertThat(asMap(result.rows())).isEqualTo(expected());
        assertThat(workerStore.requestCounts().puts()).isEqualTo(MAPS);
        assertThat(specsOf(0)).hasSize(MAPS);
        List<TaskSpec> reducers = specsOf(1);
        assertThat(reducers).extracting(TaskSpec::taskId).containsExactlyInAnyOrder(0, 1, 2);
        for (TaskSpec r : reducers) {
            ShuffleRead read = (ShuffleRead) ((HashAggregate) r.plan()).child();
            assertThat(read.blocks()).extracting(ShuffleBlock::key).containsExactly(
                    ShuffleKeys.mapOutput(result.jobId(), 0, 0, 0), ShuffleKeys.mapOutput(result.jobId(), 0, 1, 0),
                    ShuffleKeys.mapOutput(result.jobId(), 0, 2, 0), ShuffleKeys.mapOutput(result.jobId(), 0, 3, 0));
        }
        JobSummary summary = result.summary();
        assertThat(summary.workerPuts()).isEqualTo(MAPS);
        assertThat(summary.shuffleBytesWritten()).isPositive();
        assertThat(summary.shuffleBytesRead()).isPositive().isLessThanOrEqualTo(summary.shuffleBytesWritten());
        assertThat(summary.inputBytesRead()).isPositive();
        assertThat(shuffleFiles()).isEmpty();
        assertThat(coordinatorStore.requestCounts().deletes()).isEqualTo(MAPS);
    }

    @Test
    void aSpeculativeDuplicateLosesAndItsObjectIsDeleted() throws Exception {
        TaskRunner engine = engine();
        CountDownLatch release = new CountDownLatch(1);
        JobRunner runner = runner(json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            specs.add(spec);
            if (spec.stageId() == 0 && spec.taskId() == 0 && spec.attempt() == 0) {
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return engine.runJson(json);
        }, JobRunnerOptions.defaults(2).withClock(clock)
                .withSpeculation(new SpeculationPolicy(true, 1.5, 0.75, 1_000_000_000L, 100_000_000L)));

        CompletableFuture<JobResult> job = runner.runAsync(plan());
        JobResult result;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!job.isDone() && specs.stream().noneMatch(s -> s.stageId() == 0 && s.attempt() == 1)
                    && System.nanoTime() < deadline) {
                clock.advance(Duration.ofMillis(100));   // virtual time; the short park only lets pool threads run
                LockSupport.parkNanos(1_000_000);
            }
            result = job.get(60, TimeUnit.SECONDS);
        } finally {
            release.countDown();
        }
        invoker.close();

        assertThat(asMap(result.rows())).isEqualTo(expected());
        assertThat(specsOf(0)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactlyInAnyOrder("0/0", "1/0", "2/0", "3/0", "0/1");
        for (TaskSpec r : specsOf(1)) {
            ShuffleRead read = (ShuffleRead) ((HashAggregate) r.plan()).child();
            assertThat(read.blocks()).extracting(ShuffleBlock::key)
                    .contains(ShuffleKeys.mapOutput(result.jobId(), 0, 0, 1))
                    .doesNotContain(ShuffleKeys.mapOutput(result.jobId(), 0, 0, 0));
        }
        assertThat(result.summary().speculativeAttempts()).isEqualTo(1);
        // the loser was still running when the job ended: it was stopped before it wrote anything
        assertThat(workerStore.requestCounts().puts()).isEqualTo(MAPS);
        assertThat(shuffleFiles()).isEmpty();
    }
}
