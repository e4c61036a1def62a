package io.updraft.coordinator.job;

import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.format.ShuffleKeys;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A job whose coordinator dies mid-job resumes in the next one from the stages it had completed, which are not run
 * again; records never outlive a job that ended, and a record of another plan is not taken.
 */
class StageCheckpointsTest {
    private final MemoryObjectStore shuffle = new MemoryObjectStore();
    private final MemoryObjectStore records = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(shuffle);

    /** Stage 0: a scan of 3 files into 2 partitions; stage 1: those 2 into 2 again; stage 2 reads stage 1. */
    private static JobPlan threeStages(int lastPartitions) {
        ShuffleWrite scan = new ShuffleWrite(Plans.scan(3), Plans.hash(), 2);
        ShuffleWrite again = new ShuffleWrite(new StageInput(0, Plans.SCHEMA), Plans.hash(), lastPartitions);
        return new JobPlan(List.of(new Stage(0, scan, List.of(), "map"), new Stage(1, again, List.of(0), "remap"),
                new Stage(2, new StageInput(1, Plans.SCHEMA), List.of(1), "reduce")), Plans.SCHEMA);
    }

    private JobRunner runner(ScriptedInvoker invoker) {
        return new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, shuffle,
                JobRunnerOptions.defaults(3).withProgress(null).withCheckpoints(new StageCheckpoints(records)));
    }

    /** A coordinator that dies once stage 0 is complete and stage 1 is under way (its task 1 never answers). */
    private ScriptedInvoker dieInStageOne(JobPlan plan) {
        CompletableFuture<TaskResult> never = new CompletableFuture<>();
        ScriptedInvoker first = new ScriptedInvoker(3, spec -> spec.stageId() == 1 && spec.taskId() == 1
                ? Answer.hold(never) : Answer.of(engine.run(spec)));
        runner(first).runAsync(plan);
        assertThat(first.specsOf(0)).hasSize(3);
        assertThat(records.keys()).as("stage 0 recorded, stage 1 not complete").hasSize(1);
        return first;
    }

    @Test
    void theNextCoordinatorRunsOnlyTheStagesNotCompleted() {
        ScriptedInvoker first = dieInStageOne(threeStages(2));
        String firstJob = first.specsOf(0).get(0).jobId();

        ScriptedInvoker second = new ScriptedInvoker(3, spec -> Answer.of(engine.run(spec)));
        JobResult result = runner(second).run(threeStages(2));

        assertThat(second.specsOf(0)).as("stage 0 is not run again").isEmpty();
        assertThat(second.specsOf(1)).hasSize(2);
        assertThat(second.specsOf(2)).hasSize(2);
        ShuffleRead read = (ShuffleRead) ((ShuffleWrite) second.specsOf(1).get(0).plan()).child();
        assertThat(read.blocks()).extracting(ShuffleBlock::key)
                .as("stage 1 reads what the first coordinator's stage 0 wrote").containsExactly(
                        ShuffleKeys.mapOutput(firstJob, 0, 0, 0), ShuffleKeys.mapOutput(firstJob, 0, 1, 0),
                        ShuffleKeys.mapOutput(firstJob, 0, 2, 0));
        assertThat(result.summary().invocations()).isEqualTo(4);
        assertThat(result.stages()).extracting(m -> m.tasks()).containsExactly(3, 2, 2);
        assertThat(records.keys()).as("the ended job removed its records").isEmpty();
        assertThat(shuffle.keys()).as("only the dead coordinator's stage-1 attempt 0 of task 0 is left (lifecycle)")
                .containsExactly(ShuffleKeys.mapOutput(firstJob, 1, 0, 0));
    }

    @Test
    void aRecordOfAnotherPlanIsNotTaken() {
        dieInStageOne(threeStages(2));
        ScriptedInvoker second = new ScriptedInvoker(3, spec -> Answer.of(engine.run(spec)));

        runner(second).run(new JobPlan(List.of(new Stage(0, new ShuffleWrite(Plans.scan(4), Plans.hash(), 2),
                List.of(), "map"), new Stage(1, new StageInput(0, Plans.SCHEMA), List.of(0), "reduce")),
                Plans.SCHEMA));

        assertThat(second.specsOf(0)).as("a scan of other files is another stage").hasSize(4);
        assertThat(records.keys()).as("the dead job's record is not this job's to remove").hasSize(1);
    }

    @Test
    void aStageWhoseInputChangedRunsAgain() {
        dieInStageOne(threeStages(2));
        ScriptedInvoker second = new ScriptedInvoker(3, spec -> Answer.of(engine.run(spec)));

        runner(second).run(threeStages(3));

        assertThat(second.specsOf(0)).as("stage 0 is the same stage: taken").isEmpty();
        assertThat(second.specsOf(1)).hasSize(2);
        assertThat(second.specsOf(2)).as("stage 1 now has 3 partitions").hasSize(3);
    }

    @Test
    void aJobThatFailsRemovesItsRecordsAndTheRestoredOutputs() {
        dieInStageOne(threeStages(2));
        Function<TaskSpec, Answer> userErrorInStageTwo = spec -> spec.stageId() == 2
                ? Answer.of(TaskResult.failure(spec, UpdraftException.user("[DIVIDE_BY_ZERO] Division by zero."),
                TaskMetrics.EMPTY))
                : Answer.of(engine.run(spec));
        ScriptedInvoker second = new ScriptedInvoker(3, userErrorInStageTwo);

        assertThatThrownBy(() -> runner(second).run(threeStages(2))).hasMessageContaining("DIVIDE_BY_ZERO");

        assertThat(second.specsOf(0)).isEmpty();
        assertThat(records.keys()).isEmpty();
        assertThat(shuffle.keys()).as("the restored stage 0 objects are deleted; the dead run's stray remains")
                .hasSize(1);
    }
}
