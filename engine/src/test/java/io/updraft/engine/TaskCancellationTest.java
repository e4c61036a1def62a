package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** A task whose thread is interrupted stops within a batch, fails as cancelled and releases all its memory. */
class TaskCancellationTest {
    private static final StructType ONE_LONG = new StructType(List.of()).add("x", DataTypes.LongType);

    @TempDir
    Path dir;
    private BufferAllocator root;

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    private static TaskSpec spec(io.updraft.core.plan.Operator plan) {
        return new TaskSpec("job", 1, 0, 0, plan, Map.of());
    }

    @Test
    void anInterruptedTaskStopsWithinABatchAndReleasesItsMemory() throws Exception {
        AtomicInteger produced = new AtomicInteger();
        AtomicInteger producedWhileInterrupted = new AtomicInteger();
        CountDownLatch running = new CountDownLatch(1);
        // An endless source that also holds 1 MiB of state, released only by close().
        TaskRunner endless = new TaskRunner(root, System::nanoTime, (plan, context) -> new BatchOperator() {
            private final ArrowBuf state = context.allocator().buffer(1 << 20);

            @Override
            public StructType schema() {
                return ONE_LONG;
            }

            @Override
            public Batch next() {
                BigIntVector v = new BigIntVector("x", context.allocator());
                v.allocateNew(8192);
                for (int i = 0; i < 8192; i++) {
                    v.set(i, i);
                }
                v.setValueCount(8192);
                if (Thread.currentThread().isInterrupted()) {
                    producedWhileInterrupted.incrementAndGet();
                }
                if (produced.incrementAndGet() == 20) {
                    running.countDown();
                }
                return Batch.of(8192, List.<FieldVector>of(v));
            }

            @Override
            public void close() {
                state.close();
            }
        });
        AtomicReference<TaskResult> result = new AtomicReference<>();
        Thread task = new Thread(() -> result.set(endless.run(spec(new InlineBatches(ONE_LONG, List.of())))));
        task.start();
        assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(root.getAllocatedMemory()).isPositive();

        task.interrupt();
        task.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(task.isAlive()).isFalse();
        assertThat(result.get().status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.get().errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(result.get().errorMessage()).contains("was cancelled");
        assertThat(root.getAllocatedMemory()).isZero();
        // the source runs on the task's thread (now ended): once interrupted, at most the batch the drain loop had
        // already asked for was made
        assertThat(producedWhileInterrupted.get()).isLessThanOrEqualTo(1);
    }

    @Test
    void aParquetScanChecksForCancellationBeforeEveryBatch() throws Exception {
        Path file = ParquetTestFiles.write(dir.resolve("n.parquet"), "SELECT range AS x FROM range(100000)", 4096);
        Sort sort = new Sort(new FileScan(List.of(new FileSplit(file.toString(), List.of(), 0)), ONE_LONG, null),
                List.of(new SortKey(new ColumnRef(0, DataTypes.LongType, true), false, false)));
        TaskRunner runner = new TaskRunner(root);
        AtomicReference<TaskResult> result = new AtomicReference<>();
        Thread task = new Thread(() -> {
            Thread.currentThread().interrupt();
            result.set(runner.run(spec(sort)));
        });
        task.start();
        task.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(result.get().status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.get().errorMessage()).contains("was cancelled");
        assertThat(root.getAllocatedMemory()).isZero();

        TaskResult uninterrupted = runner.run(spec(sort));
        assertThat(uninterrupted.status()).isEqualTo(TaskStatus.SUCCEEDED);
    }
}
