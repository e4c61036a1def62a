package io.updraft.coordinator.job;

import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.format.ShuffleKeys;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static io.updraft.coordinator.testing.Plans.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The exchange contract: map stages, committed outputs, ShuffleRead blocks per consumer task, cleanup. */
class ShuffleSchedulingTest {
    private final MemoryObjectStore store = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(store);
    private final ManualClock clock = new ManualClock();

    private JobRunner runner(ScriptedInvoker invoker) {
        return new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(4).withProgress(null).withClock(clock));
    }

    private ScriptedInvoker invoker(Function<TaskSpec, Answer> script) {
        return new ScriptedInvoker(4, script);
    }

    private static ShuffleRead read(TaskSpec spec) {
        return (ShuffleRead) spec.plan();
    }

    @Test
    void reducerTReadsPartitionTOfEveryCommittedMapOutputInMapTaskOrder() {
        ScriptedInvoker invoker = invoker(spec -> Answer.of(engine.run(spec)));
        JobResult result = runner(invoker).run(Plans.shuffle(4, 3));

        assertThat(invoker.specsOf(0)).hasSize(4).allSatisfy(s -> assertThat(s.plan()).isInstanceOf(ShuffleWrite.class));
        List<TaskSpec> reducers = invoker.specsOf(1);
        assertThat(reducers).extracting(TaskSpec::taskId).containsExactly(0, 1, 2);
        for (TaskSpec r : reducers) {
            int p = r.taskId();
            List<ShuffleBlock> expected = new ArrayList<>();
            for (int m = 0; m < 4; m++) {
                expected.add(new ShuffleBlock(ShuffleKeys.mapOutput(result.jobId(), 0, m, 0), 100L * p, 10L + p));
            }
            assertThat(read(r).blocks()).containsExactlyElementsOf(expected);
            assertThat(read(r).schema()).isEqualTo(SCHEMA);
        }
        assertThat(result.rows()).hasSize(3);
        assertThat(result.stages()).extracting(StageMetrics::tasks).containsExactly(4, 3);
    }

    @Test
    void everyTaskGetsTheShuffleRootAndOtherTaskSettings() {
        ScriptedInvoker invoker = invoker(spec -> Answer.of(engine.run(spec)));
        new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store, JobRunnerOptions.defaults(4)
                .withProgress(null).withTaskConfig(java.util.Map.of("updraft.shuffle.root", "/tmp/s", "k", "v")))
                .run(Plans.shuffle(2, 2));

        assertThat(invoker.specs).hasSize(4).allSatisfy(s -> assertThat(s.config())
                .containsEntry("updraft.shuffle.root", "/tmp/s").containsEntry("k", "v"));
    }

    @Test
    void afterTheJobEveryShuffleObjectIsDeleted() {
        runner(invoker(spec -> Answer.of(engine.run(spec)))).run(Plans.shuffle(3, 2));

        assertThat(store.putKeys).hasSize(3);
        assertThat(store.keys()).isEmpty();
        assertThat(store.deletedKeys).containsExactlyInAnyOrderElementsOf(store.putKeys);
    }

    @Test
    void aFailedJobDeletesItsShuffleObjectsToo() {
        JobPlan plan = Plans.shuffle(3, 2);
        JobRunner runner = runner(invoker(spec -> spec.stageId() == 1
                ? Answer.of(TaskResult.failure(spec, ErrorType.USER, "bad", TaskMetrics.EMPTY))
                : Answer.of(engine.run(spec))));

        assertThatThrownBy(() -> runner.run(plan)).hasMessage("bad");
        assertThat(store.putKeys).hasSize(3);
        assertThat(store.keys()).isEmpty();
    }

    @Test
    void aGatherIsOneReducerReadingPartitionZeroOfEveryOutput() {
        ShuffleWrite gather = new ShuffleWrite(Plans.scan(3), new Partitioning.Single(), 1);
        Limit last = new Limit(new StageInput(0, SCHEMA), 10, 0);
        JobPlan plan = new JobPlan(List.of(new Stage(0, gather, List.of(), null), new Stage(1, last, List.of(0), null)),
                SCHEMA);
        ScriptedInvoker invoker = invoker(spec -> Answer.of(engine.run(spec)));

        JobResult result = runner(invoker).run(plan);

        assertThat(invoker.specsOf(1)).singleElement().satisfies(s -> {
            ShuffleRead r = (ShuffleRead) ((Limit) s.plan()).child();
            assertThat(r.blocks()).extracting(ShuffleBlock::key).containsExactly(
                    ShuffleKeys.mapOutput(result.jobId(), 0, 0, 0), ShuffleKeys.mapOutput(result.jobId(), 0, 1, 0),
                    ShuffleKeys.mapOutput(result.jobId(), 0, 2, 0));
            assertThat(r.blocks()).extracting(ShuffleBlock::offset).containsOnly(0L);
        });
    }

    @Test
    void aBroadcastIsReadWholeByEveryScanTaskOfTheProbeSide() {
        ShuffleWrite build = new ShuffleWrite(new InlineBatches(SCHEMA, List.of("b")), new Partitioning.Single(), 1);
        ColumnRef key = new ColumnRef(0, DataTypes.StringType, true);
        Join join = new Join(Plans.scan(3), new StageInput(0, SCHEMA, true), JoinType.INNER, List.of(key), List.of(key),
                null, BuildSide.RIGHT, null);
        JobPlan plan = new JobPlan(List.of(new Stage(0, build, List.of(), null), new Stage(1, join, List.of(0), null)),
                SCHEMA);
        ScriptedInvoker invoker = invoker(spec -> Answer.of(engine.run(spec)));

        JobResult result = runner(invoker).run(plan);

        assertThat(invoker.specsOf(1)).hasSize(3).allSatisfy(s -> {
            ShuffleRead r = (ShuffleRead) ((Join) s.plan()).right();
            assertThat(r.blocks()).containsExactly(new ShuffleBlock(ShuffleKeys.mapOutput(result.jobId(), 0, 0, 0), 0,
                    10));
        });
        assertThat(result.rows()).extracting(r -> r.getString(0)).allMatch(text -> text.startsWith("scan["));
    }

    @Test
    void aShuffledJoinRunsOneTaskPerPartitionAndBothMapStagesAtOnce() {
        ShuffleWrite left = new ShuffleWrite(Plans.scan(2), Plans.hash(), 5);
        ShuffleWrite right = new ShuffleWrite(Plans.scan(3), Plans.hash(), 5);
        ColumnRef key = new ColumnRef(0, DataTypes.StringType, true);
        Join join = new Join(new StageInput(0, SCHEMA), new StageInput(1, SCHEMA), JoinType.INNER, List.of(key),
                List.of(key), null, BuildSide.RIGHT, null);
        JobPlan plan = new JobPlan(List.of(new Stage(0, left, List.of(), null), new Stage(1, right, List.of(), null),
                new Stage(2, join, List.of(0, 1), null)), SCHEMA);
        ScriptedInvoker invoker = new ScriptedInvoker(8, spec -> Answer.of(engine.run(spec)));

        JobResult result = runner(invoker).run(plan);

        assertThat(invoker.specs.subList(0, 5)).extracting(TaskSpec::stageId).containsExactly(0, 0, 1, 1, 1);
        assertThat(invoker.specsOf(2)).hasSize(5).allSatisfy(s -> {
            Join j = (Join) s.plan();
            assertThat(((ShuffleRead) j.left()).blocks()).hasSize(2)
                    .allSatisfy(b -> assertThat(b.offset()).isEqualTo(100L * s.taskId()));
            assertThat(((ShuffleRead) j.right()).blocks()).hasSize(3)
                    .allSatisfy(b -> assertThat(b.offset()).isEqualTo(100L * s.taskId()));
        });
        assertThat(result.stages()).extracting(StageMetrics::tasks).containsExactly(2, 3, 5);
    }

    @Test
    void partitionWiseInputsWithDifferentCountsAreAnInternalError() {
        ColumnRef key = new ColumnRef(0, DataTypes.StringType, true);
        Join join = new Join(new StageInput(0, SCHEMA), new StageInput(1, SCHEMA), JoinType.INNER, List.of(key),
                List.of(key), null, BuildSide.RIGHT, null);
        JobPlan plan = new JobPlan(List.of(
                new Stage(0, new ShuffleWrite(Plans.scan(1), Plans.hash(), 4), List.of(), null),
                new Stage(1, new ShuffleWrite(Plans.scan(1), Plans.hash(), 3), List.of(), null),
                new Stage(2, join, List.of(0, 1), null)), SCHEMA);

        assertThatThrownBy(() -> runner(invoker(spec -> Answer.of(engine.run(spec)))).run(plan))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.INTERNAL))
                .hasMessageContaining("stage 2 reads inputs with 4 and 3 partitions");
    }

    @Test
    void aStageReadingALaterStageIsAnInternalError() {
        JobPlan plan = new JobPlan(List.of(new Stage(0, new StageInput(1, SCHEMA), List.of(1), null),
                new Stage(1, new InlineBatches(SCHEMA, List.of()), List.of(), null)), SCHEMA);

        assertThatThrownBy(() -> runner(invoker(spec -> Answer.of(engine.run(spec)))).run(plan))
                .hasMessage("stage 0 reads stage 1, which has not run before it");
    }

    @Test
    void aStageInputOverARowStageIsInlined() {
        JobPlan plan = new JobPlan(List.of(new Stage(0, new InlineBatches(SCHEMA, List.of("a")), List.of(), null),
                new Stage(1, new Limit(new StageInput(0, SCHEMA), 5, 0), List.of(0), null)), SCHEMA);
        ScriptedInvoker invoker = invoker(spec -> Answer.of(engine.run(spec)));

        runner(invoker).run(plan);

        assertThat(invoker.specsOf(1)).singleElement().satisfies(s -> assertThat(((Limit) s.plan()).child())
                .isEqualTo(new InlineBatches(SCHEMA, List.of("inline[a]"))));
    }

    @Test
    void atMostConcurrencyAttemptsAreInFlight() {
        List<java.util.concurrent.CompletableFuture<TaskResult>> held = new ArrayList<>();
        ScriptedInvoker invoker = new ScriptedInvoker(2, spec -> {
            java.util.concurrent.CompletableFuture<TaskResult> f = new java.util.concurrent.CompletableFuture<>();
            held.add(f);
            return Answer.hold(f.thenApply(ignored -> engine.run(spec)));
        });
        var job = runner(invoker).runAsync(Plans.shuffle(5, 1));
        for (int i = 0; i < 20 && !job.isDone(); i++) {
            assertThat(held.size()).isLessThanOrEqualTo(i + 2);
            held.get(i).complete(null);
        }

        assertThat(job.join().stages()).extracting(StageMetrics::tasks).containsExactly(5, 1);
        assertThat(invoker.maxInFlight()).isEqualTo(2);
    }

    @Test
    void rangeBoundsComeFromTheSampleStage() {
        // stage 0 samples keys (rows "5", "1", "9", "3", "7"); stage 1 range-partitions into 3; stage 2 reads.
        ColumnRef key = new ColumnRef(0, DataTypes.StringType, true);
        io.updraft.core.plan.SortKey sortKey = new io.updraft.core.plan.SortKey(key, true, true);
        List<List<io.updraft.core.expr.Literal>> placeholders = List.of(
                List.of(io.updraft.core.expr.Literal.nullOf(DataTypes.StringType)),
                List.of(io.updraft.core.expr.Literal.nullOf(DataTypes.StringType)));
        ShuffleWrite ranged = new ShuffleWrite(Plans.scan(2), new Partitioning.Range(List.of(sortKey), placeholders), 3);
        JobPlan plan = new JobPlan(List.of(
                new Stage(0, new Limit(Plans.scan(2), 60, 0), List.of(), "sample"),
                new Stage(1, ranged, List.of(0), "range exchange", 0),
                new Stage(2, new StageInput(1, SCHEMA), List.of(1), "read")), SCHEMA);
        ScriptedInvoker invoker = invoker(spec -> spec.stageId() == 0
                ? Answer.of(TaskResult.success(spec, SCHEMA, spec.taskId() == 0 ? List.of("5", "1", "9")
                        : List.of("3", "7"), TaskMetrics.EMPTY))
                : Answer.of(engine.run(spec)));

        runner(invoker).run(plan);

        assertThat(invoker.specsOf(1)).hasSize(2).allSatisfy(s -> {
            Partitioning.Range r = (Partitioning.Range) ((ShuffleWrite) s.plan()).partitioning();
            // sorted 1 3 5 7 9: bounds at positions 5/3 = 1 and 10/3 = 3
            assertThat(r.upperBounds()).containsExactly(List.of(io.updraft.core.expr.Literal.of("3")),
                    List.of(io.updraft.core.expr.Literal.of("7")));
        });
        assertThat(invoker.specsOf(2)).hasSize(3);
    }

    @Test
    void aMapOutputWithTheWrongPartitionCountIsAnInternalError() {
        ScriptedInvoker invoker = invoker(spec -> {
            if (spec.stageId() == 0) {
                TaskSpec narrower = new TaskSpec(spec.jobId(), 0, spec.taskId(), spec.attempt(),
                        new ShuffleWrite(((ShuffleWrite) spec.plan()).child(), Plans.hash(), 2), spec.config());
                return Answer.of(engine.run(narrower));
            }
            return Answer.of(engine.run(spec));
        });

        assertThatThrownBy(() -> runner(invoker).run(Plans.shuffle(2, 3)))
                .hasMessageContaining("map task 0 of stage 0 reported 2 partitions but its ShuffleWrite has 3");
    }
}
