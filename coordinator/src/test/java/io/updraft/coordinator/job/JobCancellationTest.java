package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.InProcessInvoker;
import io.updraft.coordinator.scan.EngineParquetFooters;
import io.updraft.core.conf.SettingKeys;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
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
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.store.LocalObjectStore;
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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Cancellation in local mode with the real engine: when the caller gives up (its thread is interrupted) or the
 * job fails, the running tasks are stopped, the caller hears of it only after they have ended, no Arrow memory
 * is left allocated and no shuffle object is left behind (nothing half-committed).
 */
class JobCancellationTest {
    private static final int MAPS = 4;
    private static final StructType KV = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("v", DataTypes.LongType);

    @TempDir
    Path dir;

    private Path shuffleDir;
    private BufferAllocator allocator;
    private LocalObjectStore workerStore;
    private InProcessInvoker invoker;
    private final List<String> files = new ArrayList<>();
    /** Task 0 of stage 0 waits here until it is interrupted. */
    private final CountDownLatch slowTaskStarted = new CountDownLatch(1);
    private final CountDownLatch never = new CountDownLatch(1);
    private final AtomicReference<TaskResult> slowTaskResult = new AtomicReference<>();

    @BeforeEach
    void writeInput() throws Exception {
        shuffleDir = dir.resolve("shuffle");
        allocator = new RootAllocator();
        workerStore = new LocalObjectStore(shuffleDir);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (int f = 0; f < MAPS; f++) {
                Path file = dir.resolve("part-" + f + ".parquet");
                s.execute("COPY (SELECT i::BIGINT AS k, (i * 10)::BIGINT AS v FROM range(0, 40000) t(i) WHERE i % "
                        + MAPS + " = " + f + ") TO '" + file + "' (FORMAT PARQUET)");
                files.add(file.toString());
            }
        }
    }

    @AfterEach
    void close() {
        never.countDown();
        if (invoker != null) {
            invoker.close();
        }
        allocator.close();
    }

    /** Stage 0: scan → (k % 7, v) → hash exchange into 3; stage 1: sum(v) per group. */
    private JobPlan plan(List<String> inputs) {
        List<FileSplit> splits = inputs.stream().map(f -> new FileSplit(f, List.of(), 0)).toList();
        ColumnRef k = new ColumnRef(0, DataTypes.LongType, true);
        ColumnRef v = new ColumnRef(1, DataTypes.LongType, true);
        Project gv = new Project(new FileScan(splits, KV, null),
                List.of(new Arithmetic(ArithmeticOp.MOD, k, Literal.of(7L), DataTypes.LongType), v), List.of("g", "v"));
        ShuffleWrite write = new ShuffleWrite(gv, new Partitioning.Hash(List.of(new ColumnRef(0, DataTypes.LongType,
                true))), 3);
        HashAggregate sum = new HashAggregate(new StageInput(0, gv.schema()), List.of(new ColumnRef(0,
                DataTypes.LongType, true)), List.of(new AggregateCall(AggregateFunction.SUM, new ColumnRef(1,
                DataTypes.LongType, true), false, DataTypes.LongType)), AggregateMode.COMPLETE, List.of("g", "total"));
        return new JobPlan(List.of(new Stage(0, write, List.of(), null), new Stage(1, sum, List.of(0), null)),
                sum.schema());
    }

    /**
     * A runner whose task 0 of stage 0 blocks (as a long task would) until it is interrupted, then runs in the
     * real engine with the interrupt still pending, which must stop it.
     */
    private JobRunner runner() {
        return runner(false);
    }

    /** With {@code failTask1}, task 1 of stage 0 fails with a USER error once task 0 is running. */
    private JobRunner runner(boolean failTask1) {
        TaskRunner engine = new TaskRunner(allocator, (root, settings) -> root.equals(shuffleDir.toString())
                ? workerStore : ObjectStores.shared().store(root, settings), System::nanoTime);
        invoker = new InProcessInvoker(2, json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            if (failTask1 && spec.stageId() == 0 && spec.taskId() == 1) {
                try {
                    slowTaskStarted.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return TaskCodec.encode(TaskResult.failure(spec, ErrorType.USER, "input 1 is unreadable", null));
            }
            if (spec.stageId() != 0 || spec.taskId() != 0) {
                return engine.runJson(json);
            }
            slowTaskStarted.countDown();
            try {
                never.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String result = engine.runJson(json);
            slowTaskResult.set(TaskCodec.decodeResult(result));
            return result;
        });
        Map<String, String> config = new HashMap<>();
        config.put(SettingKeys.SHUFFLE_ROOT, shuffleDir.toString());
        return new JobRunner(invoker, new EngineParquetFooters(), (b, s) -> ArrowRows.decode(b, s, allocator),
                new LocalObjectStore(shuffleDir), JobRunnerOptions.defaults(2).withProgress(null)
                .withTaskConfig(config));
    }

    private List<String> shuffleFiles() throws Exception {
        if (!Files.exists(shuffleDir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(shuffleDir)) {
            return walk.filter(Files::isRegularFile).map(Path::toString).toList();
        }
    }

    @Test
    void anInterruptedCallerCancelsTheJobAndItsRunningTasks() throws Exception {
        JobRunner runner = runner();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> interruptFlag = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                runner.run(plan(files));
            } catch (Throwable t) {
                thrown.set(t);
            }
            interruptFlag.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        assertThat(slowTaskStarted.await(30, TimeUnit.SECONDS)).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (workerStore.requestCounts().puts() < MAPS - 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);   // the other three map tasks finish and write their objects
        }
        assertThat(workerStore.requestCounts().puts()).isEqualTo(MAPS - 1);

        caller.interrupt();
        caller.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(caller.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(CancellationException.class).hasMessageContaining("was cancelled");
        assertThat(interruptFlag.get()).isTrue();
        // the caller returned only after the stopped task had ended: its memory is back, its result says why
        assertThat(slowTaskResult.get().status()).isEqualTo(TaskStatus.FAILED);
        assertThat(slowTaskResult.get().errorMessage()).contains("was cancelled");
        assertThat(allocator.getAllocatedMemory()).isZero();
        assertThat(shuffleFiles()).isEmpty();
        assertThat(workerStore.requestCounts().puts()).isEqualTo(MAPS - 1);
    }

    @Test
    void aFailedJobStopsItsOtherTasksBeforeReportingTheFailure() throws Exception {
        JobRunner runner = runner(true);

        assertThatThrownBy(() -> runner.run(plan(files))).isInstanceOfSatisfying(UpdraftException.class,
                e -> assertThat(e).hasMessageContaining("input 1 is unreadable"));

        assertThat(slowTaskStarted.getCount()).isZero();
        assertThat(slowTaskResult.get()).isNotNull();
        assertThat(slowTaskResult.get().errorMessage()).contains("was cancelled");
        assertThat(allocator.getAllocatedMemory()).isZero();
        assertThat(shuffleFiles()).isEmpty();
    }

    @Test
    void aJobThatIsNotCancelledStillSucceeds() {
        never.countDown();
        JobResult result = runner().run(plan(files));
        assertThat(result.rows()).hasSize(7);
        assertThat(allocator.getAllocatedMemory()).isZero();
    }
}
