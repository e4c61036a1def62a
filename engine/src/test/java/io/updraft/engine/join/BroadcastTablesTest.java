package io.updraft.engine.join;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.TaskCancelledException;
import io.updraft.engine.store.ObjectStores;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ListOperator;
import io.updraft.engine.testing.TestBatches;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tasks of one stage share a broadcast join's build table: the first builds and publishes it, the others
 * probe it without reading their build input; joins that mark build rows, spilled or over-budget tables are
 * not shared; a job's end and a task of another stage release the tables; no Arrow memory leaks from any task.
 */
class BroadcastTablesTest {
    private static final StructType PROBE = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("pv", DataTypes.IntegerType);
    private static final StructType BUILD = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("bv", DataTypes.StringType);
    private static final List<Expr> KEY = List.of(new ColumnRef(0, DataTypes.LongType, true));
    private static final Object SHARE_KEY = List.of("the build plan");

    private BufferAllocator root;

    @BeforeEach
    void start() {
        root = new RootAllocator();
    }

    @AfterEach
    void end() {
        root.close(); // throws if a task or the tables leaked, or a tables allocator is still open
    }

    /** One task: its allocator, context, inputs and join; returns the sorted rows and how often build was pulled. */
    private record TaskRun(List<List<Object>> rows, int buildPulls) {
    }

    private TaskRun task(BroadcastTables tables, int stage, JoinType type, Map<String, String> config,
                         int probeFrom, CountDownLatch builtBeforeProbe) {
        try (BufferAllocator taskAllocator = root.newChildAllocator("task", 0, 256L << 20);
             ExecutionContext context = new ExecutionContext(taskAllocator, config, "job-1", stage, probeFrom, 0,
                     ObjectStores.shared(), tables)) {
            ListOperator probe = new ListOperator(PROBE, List.of(batch(taskAllocator, PROBE, probeFrom, 300)));
            ListOperator build = new ListOperator(BUILD, List.of(batch(taskAllocator, BUILD, 0, 500),
                    batch(taskAllocator, BUILD, 500, 500)));
            try (HashJoinOperator join = new HashJoinOperator(probe, build, type, KEY, KEY, null, BuildSide.RIGHT,
                    List.of(false), SHARE_KEY, context)) {
                if (builtBeforeProbe != null) {
                    builtBeforeProbe.countDown();
                }
                return new TaskRun(HashJoinOperatorTest.sorted(Drain.of(join).rows), build.pulls());
            }
        }
    }

    /** Rows from..from+n-1 of a side: build keys r % 700 (each twice), probe keys r * 7 % 900 (some match none). */
    private static Batch batch(BufferAllocator allocator, StructType schema, int from, int n) {
        Object[][] rows = new Object[n][];
        for (int i = 0; i < n; i++) {
            int r = from + i;
            rows[i] = schema == PROBE ? new Object[] {(long) (r * 7 % 900), r} : new Object[] {(long) (r % 700), "b" + r};
        }
        return TestBatches.batch(allocator, schema, rows);
    }

    private TaskRun unshared(JoinType type, int probeFrom) {
        return task(null, 1, type, Map.of(), probeFrom, null);
    }

    @Test
    void laterTasksOfTheStageProbeTheFirstTasksTableWithoutReadingTheirBuildSide() {
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            for (JoinType type : List.of(JoinType.INNER, JoinType.LEFT_OUTER, JoinType.LEFT_SEMI,
                    JoinType.LEFT_ANTI)) {
                TaskRun first = task(tables, 1, type, Map.of(), 0, null);
                TaskRun second = task(tables, 1, type, Map.of(), 300, null);
                assertThat(first.rows()).as(type.name()).isEqualTo(unshared(type, 0).rows()).isNotEmpty();
                assertThat(second.rows()).as(type.name()).isEqualTo(unshared(type, 300).rows());
                assertThat(first.buildPulls()).isGreaterThan(0);
                assertThat(second.buildPulls()).as("the second task reads no build batch").isZero();
                assertThat(tables.size()).isEqualTo(1);
                assertThat(tables.allocatedBytes()).isPositive();
                tables.jobEnded("job-1");
                assertThat(tables.size()).isZero();
                assertThat(tables.allocatedBytes()).isZero();
            }
        }
    }

    @Test
    void joinsThatMarkBuildRowsBuildTheirOwnTable() {
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            for (JoinType type : List.of(JoinType.RIGHT_OUTER, JoinType.FULL_OUTER)) {
                TaskRun first = task(tables, 1, type, Map.of(), 0, null);
                TaskRun second = task(tables, 1, type, Map.of(), 300, null);
                assertThat(second.buildPulls()).isPositive();
                assertThat(first.rows()).isEqualTo(unshared(type, 0).rows());
                assertThat(second.rows()).isEqualTo(unshared(type, 300).rows());
                assertThat(tables.size()).isZero();
            }
        }
    }

    @Test
    void aTableOverTheBudgetOrASpilledBuildSideIsNotShared() {
        try (BroadcastTables tables = new BroadcastTables(root, 1000)) {
            TaskRun first = task(tables, 1, JoinType.INNER, Map.of(), 0, null);
            TaskRun second = task(tables, 1, JoinType.INNER, Map.of(), 300, null);
            assertThat(second.buildPulls()).isPositive();
            assertThat(second.rows()).isEqualTo(unshared(JoinType.INNER, 300).rows());
            assertThat(first.rows()).isEqualTo(unshared(JoinType.INNER, 0).rows());
            assertThat(tables.size()).isZero();
        }
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            // a spill fraction that makes the first build batch spill: the grace path, nothing shared
            Map<String, String> spilling = Map.of(ExecutionContext.SPILL_FRACTION, "0.0000001",
                    ExecutionContext.SPILL_DIR, System.getProperty("java.io.tmpdir"));
            TaskRun first = task(tables, 1, JoinType.INNER, spilling, 0, null);
            TaskRun second = task(tables, 1, JoinType.INNER, spilling, 300, null);
            assertThat(second.buildPulls()).isPositive();
            assertThat(first.rows()).isEqualTo(unshared(JoinType.INNER, 0).rows());
            assertThat(second.rows()).isEqualTo(unshared(JoinType.INNER, 300).rows());
            assertThat(tables.size()).isZero();
        }
    }

    @Test
    void theSettingTurnsSharingOff() {
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            Map<String, String> off = Map.of(BroadcastTables.ENABLED, "false");
            task(tables, 1, JoinType.INNER, off, 0, null);
            assertThat(task(tables, 1, JoinType.INNER, off, 300, null).buildPulls()).isPositive();
            assertThat(tables.size()).isZero();
        }
    }

    @Test
    void aTaskOfAnotherStageReleasesUnusedTables() {
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            task(tables, 1, JoinType.INNER, Map.of(), 0, null);
            assertThat(tables.size()).isEqualTo(1);
            tables.taskStarting("job-1", 1);
            assertThat(tables.size()).isEqualTo(1);
            tables.taskStarting("job-1", 2);
            assertThat(tables.size()).isZero();
            assertThat(tables.allocatedBytes()).isZero();
        }
    }

    @Test
    void concurrentTasksWaitForTheBuilderAndAllGetTheRightRows() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            List<Future<TaskRun>> runs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int from = t * 300;
                runs.add(pool.submit(() -> task(tables, 1, JoinType.INNER, Map.of(), from, null)));
            }
            int builders = 0;
            for (int t = 0; t < 8; t++) {
                TaskRun run = runs.get(t).get(60, TimeUnit.SECONDS);
                assertThat(run.rows()).isEqualTo(unshared(JoinType.INNER, t * 300).rows());
                builders += run.buildPulls() > 0 ? 1 : 0;
            }
            assertThat(builders).as("tasks that read the build side").isEqualTo(1);
            tables.jobEnded("job-1");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTableInUseWhenItsJobEndsIsClosedWithItsLastLease() {
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            BroadcastTables.Lease lease = tables.acquire("k", "job-9", 3);
            assertThat(lease.builds()).isTrue();
            try (BufferAllocator taskAllocator = root.newChildAllocator("task", 0, Long.MAX_VALUE);
                 ExecutionContext context = new ExecutionContext(taskAllocator, Map.of())) {
                JoinHashTable table = new JoinHashTable(
                        List.of(io.updraft.engine.expr.ExpressionEvaluator.compile(KEY.get(0), context)),
                        new boolean[] {false}, 1);
                table.add(batch(taskAllocator, BUILD, 0, 100));
                table.build();
                assertThat(lease.publish(table)).isSameAs(table);
                assertThat(lease.table()).isSameAs(table);
                assertThat(taskAllocator.getAllocatedMemory()).as("moved to the tables' allocator").isZero();
            }
            tables.jobEnded("job-9");
            assertThat(tables.size()).isEqualTo(1);
            BroadcastTables.Lease late = tables.acquire("k", "job-9", 3);
            assertThat(late.table()).isNotNull();
            late.close();
            lease.close();
            assertThat(tables.size()).isZero();
            assertThat(tables.allocatedBytes()).isZero();
        }
    }

    @Test
    void aWaitingTaskThatIsInterruptedIsCancelled() throws Exception {
        try (BroadcastTables tables = new BroadcastTables(root, 64L << 20)) {
            BroadcastTables.Lease builder = tables.acquire("k", "job-1", 1);
            Thread.currentThread().interrupt();
            assertThatThrownBy(() -> tables.acquire("k", "job-1", 1)).isInstanceOf(TaskCancelledException.class);
            assertThat(Thread.interrupted()).isTrue();
            builder.close(); // published nothing: the entry goes
            assertThat(tables.size()).isZero();
        }
    }
}
