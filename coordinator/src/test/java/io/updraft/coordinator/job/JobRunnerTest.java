package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.InProcessInvoker;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JobRunnerTest {
    private static final StructType LINEITEM = new StructType(List.of()).add("l_quantity", DataTypes.LongType);
    private static final long MIB = 1024 * 1024;

    private final List<TaskSpec> received = Collections.synchronizedList(new ArrayList<>());
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();
    private InProcessInvoker invoker;

    @AfterEach
    void closeInvoker() {
        if (invoker != null) {
            invoker.close();
        }
    }

    /** Three row groups of 3 MiB per file: with 3 slots two files split as [0,1] [2], one file as [0] [1] [2]. */
    private static ParquetFooterReader footers() {
        return path -> new ParquetFileInfo(path, 9 * MIB, LINEITEM, 300, List.of(
                new RowGroupInfo(0, 100, 3 * MIB, 3 * MIB), new RowGroupInfo(1, 100, 3 * MIB, 3 * MIB),
                new RowGroupInfo(2, 100, 3 * MIB, 3 * MIB)), List.of());
    }

    /** A decoder that turns each fake "batch" string into one row holding it. */
    private static List<Row> decode(List<String> batches, StructType schema) {
        List<Row> rows = new ArrayList<>();
        for (String b : batches) {
            rows.add(Row.withSchema(schema, new Object[]{b}));
        }
        return rows;
    }

    private JobRunner runner(Function<TaskSpec, TaskResult> worker) {
        invoker = new InProcessInvoker(3, json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            received.add(spec);
            return TaskCodec.encode(worker.apply(spec));
        });
        JobRunnerOptions options = JobRunnerOptions.defaults(3)
                .withProgress(new PrintStream(progress, true, StandardCharsets.UTF_8))
                .withNanoClock(() -> 250_000_000L)
                .withRetry(new RetryPolicy(4, 0, 0))
                .withTaskConfig(Map.of("spark.sql.session.timeZone", "UTC"));
        return new JobRunner(invoker, footers(), JobRunnerTest::decode, options);
    }

    /** The fake engine: a scan task returns "path:rowGroups", a task over inline batches joins them. */
    private static TaskResult fakeEngine(TaskSpec spec) {
        Operator leaf = spec.plan();
        while (!leaf.children().isEmpty()) {
            leaf = leaf.children().get(0);
        }
        if (leaf instanceof FileScan scan) {
            FileSplit split = scan.splits().get(0);
            String name = split.path().substring(split.path().lastIndexOf('/') + 1);
            return TaskResult.success(spec, spec.plan().schema(), List.of(name + ":" + split.rowGroups()),
                    new TaskMetrics(100L * split.rowGroups().size(), split.bytes(), split.rowGroups().size(), 0, 1, 1));
        }
        InlineBatches inline = (InlineBatches) leaf;
        return TaskResult.success(spec, spec.plan().schema(), List.of(String.join(" ", inline.arrowIpcBase64())),
                new TaskMetrics(inline.arrowIpcBase64().size(), 0, 0, 0, 1, 1));
    }

    private static JobPlan countPlan(String... files) {
        List<FileSplit> splits = new ArrayList<>();
        for (String f : files) {
            splits.add(new FileSplit(f, List.of(), 0));
        }
        FileScan scan = new FileScan(splits, LINEITEM, null);
        Filter filter = new Filter(scan, new Comparison(CompareOp.GREATER_THAN,
                new ColumnRef(0, DataTypes.LongType, true), Literal.of(1L)));
        AggregateCall count = new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType);
        HashAggregate partial = new HashAggregate(filter, List.of(), List.of(count), AggregateMode.PARTIAL,
                List.of("count"));
        HashAggregate last = new HashAggregate(new StageInput(0, partial.schema()), List.of(), List.of(count),
                AggregateMode.FINAL, List.of("count"));
        return new JobPlan(List.of(new Stage(0, partial, List.of(), null), new Stage(1, last, List.of(0), null)),
                last.schema());
    }

    @Test
    void scanStageFansOutByRowGroupsAndTheNextStageGetsAllBatchesInTaskOrder() {
        JobResult result = runner(JobRunnerTest::fakeEngine)
                .run(countPlan("/data/lineitem/a.parquet", "/data/lineitem/b.parquet"));

        assertThat(result.rows()).extracting(r -> r.getString(0))
                .containsExactly("a.parquet:[0, 1] a.parquet:[2] b.parquet:[0, 1] b.parquet:[2]");
        assertThat(result.rows().get(0).schema()).isEqualTo(result.schema());
        assertThat(result.stages()).extracting(StageMetrics::tasks).containsExactly(4, 1);
        assertThat(result.stages().get(0).totals().rowsRead()).isEqualTo(600);
        assertThat(received).filteredOn(s -> s.stageId() == 0).extracting(TaskSpec::taskId)
                .containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(received).allSatisfy(s -> {
            assertThat(s.jobId()).isEqualTo(result.jobId());
            assertThat(s.attempt()).isZero();
            assertThat(s.config()).containsEntry("spark.sql.session.timeZone", "UTC");
        });
    }

    @Test
    void printsOneProgressLinePerStage() {
        runner(JobRunnerTest::fakeEngine).run(countPlan("/data/lineitem/a.parquet", "/data/lineitem/b.parquet"));

        List<String> lines = progress.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3).startsWith(
                "[Stage 1/2] scan lineitem → filter → partial aggregate: 4/4 tasks, 600 rows, 0.00 s",
                "[Stage 2/2] read stage 0 → final aggregate: 1/1 tasks, 4 rows, 0.00 s");
        assertThat(lines.get(2)).matches("\\[Job job-\\d+-[0-9a-f]{8}] 2 stages, 5 tasks, 5 invocations \\(0 retries, "
                + "0 speculative, 0 lost-output re-runs\\); read .*");
    }

    @Test
    void progressCanBeTurnedOff() {
        invoker = new InProcessInvoker(1, json -> TaskCodec.encode(fakeEngine(TaskCodec.decodeSpec(json))));
        JobRunner quiet = new JobRunner(invoker, footers(), JobRunnerTest::decode,
                JobRunnerOptions.defaults(1).withProgress(null));
        assertThat(quiet.run(countPlan("/data/t/a.parquet")).rows()).hasSize(1);
    }

    @Test
    void aScanOverNoFilesStillRunsOneTask() {
        JobRunner runner = runner(spec -> TaskResult.success(spec, spec.plan().schema(), List.of(), TaskMetrics.EMPTY));
        JobResult result = runner.run(countPlan());

        assertThat(result.stages()).extracting(StageMetrics::tasks).containsExactly(1, 1);
        assertThat(result.rows()).isEmpty();
    }

    @Test
    void userErrorsFailTheJobWithTheWorkersMessageUnchanged() {
        JobRunner runner = runner(spec -> spec.taskId() == 1
                ? TaskResult.failure(spec, ErrorType.USER, "[DIVIDE_BY_ZERO] Division by zero.", TaskMetrics.EMPTY)
                : fakeEngine(spec));

        assertThatThrownBy(() -> runner.run(countPlan("/data/t/a.parquet", "/data/t/b.parquet")))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("[DIVIDE_BY_ZERO] Division by zero.");
        assertThat(received).noneMatch(s -> s.stageId() == 1);
    }

    @Test
    void aFailingOnlyTaskSurfacesAsItsUpdraftException() {
        StructType schema = new StructType(List.of()).add("x", DataTypes.StringType);
        JobPlan plan = new JobPlan(List.of(new Stage(0, new InlineBatches(schema, List.of()), List.of(), null)), schema);
        for (int i = 0; i < 20; i++) {
            JobRunner runner = runner(spec -> TaskResult.failure(spec, ErrorType.USER, "bad " + spec.jobId(),
                    TaskMetrics.EMPTY));
            assertThatThrownBy(() -> runner.run(plan)).isExactlyInstanceOf(UpdraftException.class)
                    .hasMessageStartingWith("bad job-");
            invoker.close();
        }
    }

    @Test
    void internalErrorsNameTheTask() {
        JobRunner runner = runner(spec -> spec.taskId() == 2
                ? TaskResult.failure(spec, ErrorType.INTERNAL, "vector index out of bounds", TaskMetrics.EMPTY)
                : fakeEngine(spec));

        assertThatThrownBy(() -> runner.run(countPlan("/data/t/a.parquet", "/data/t/b.parquet")))
                .isInstanceOfSatisfying(UpdraftException.class,
                        e -> assertThat(e.type()).isEqualTo(ErrorType.INTERNAL))
                .hasMessageMatching("Task 2 \\(attempt 0\\) of stage 0 in job-\\d+-[0-9a-f]{8} failed \\(INTERNAL\\): "
                        + "vector index out of bounds");
        assertThat(received).filteredOn(spec -> spec.taskId() == 2).hasSize(1);
    }

    @Test
    void aWorkerThatThrowsIsAnInternalErrorNamingTheTask() {
        JobRunner runner = runner(spec -> {
            throw new IllegalStateException("boom");
        });

        assertThatThrownBy(() -> runner.run(countPlan("/data/t/a.parquet")))
                .isInstanceOfSatisfying(UpdraftException.class,
                        e -> assertThat(e.type()).isEqualTo(ErrorType.INTERNAL))
                .hasMessageContaining("(attempt 3) of stage 0 in job-")
                .hasMessageContaining("java.lang.IllegalStateException: boom");
        assertThat(received).extracting(TaskSpec::attempt).contains(0, 1, 2, 3).allMatch(a -> a <= 3);
    }

    @Test
    void transientFailuresAreRetriedWithTheNextAttemptNumber() {
        JobRunner runner = runner(spec -> spec.stageId() == 0 && spec.taskId() == 0 && spec.attempt() < 2
                ? TaskResult.failure(spec, ErrorType.TRANSIENT, "SlowDown", TaskMetrics.EMPTY)
                : fakeEngine(spec));

        JobResult result = runner.run(countPlan("/data/t/a.parquet"));

        assertThat(result.rows()).extracting(r -> r.getString(0)).containsExactly("a.parquet:[0] a.parquet:[1] a.parquet:[2]");
        assertThat(received).filteredOn(s -> s.stageId() == 0 && s.taskId() == 0).extracting(TaskSpec::attempt)
                .containsExactly(0, 1, 2);
    }

    @Test
    void transientFailuresGiveUpAfterMaxAttempts() {
        JobRunner runner = runner(spec -> TaskResult.failure(spec, ErrorType.TRANSIENT, "SlowDown", TaskMetrics.EMPTY));

        assertThatThrownBy(() -> runner.run(countPlan("/data/t/a.parquet")))
                .hasMessageContaining("(attempt 3)").hasMessageContaining("failed (TRANSIENT): SlowDown");
    }

    @Test
    void aStageWithoutLeavesToExpandRunsOnceAsIs() {
        StructType schema = new StructType(List.of()).add("x", DataTypes.StringType);
        InlineBatches rows = new InlineBatches(schema, List.of("b1", "b2"));
        JobResult result = runner(JobRunnerTest::fakeEngine)
                .run(new JobPlan(List.of(new Stage(7, rows, List.of(), "values")), schema));

        assertThat(result.rows()).extracting(r -> r.getString(0)).containsExactly("b1 b2");
        assertThat(progress.toString(StandardCharsets.UTF_8)).startsWith("[Stage 1/1] values: 1/1 tasks");
    }
}
